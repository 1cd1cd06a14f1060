import { Wallet, computeAddress, hexlify } from 'ethers';
import { randomBytes } from 'node:crypto';
import {
  DecryptError,
  KdfBoundsError,
  LIGHT_SCRYPT,
  STANDARD_SCRYPT,
  checkPbkdf2Params,
  checkScryptParams,
  decryptKeyFile,
  encryptKeyFile,
} from './key-file';

// The PBKDF2 test vector of the Web3 Secret Storage definition (password "testpassword"). Its scrypt
// vector uses r = 1 with N = 2^18, which OpenSSL and ethers refuse (N must stay under 2^(16r)).
const VECTOR_KEY = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';
const PBKDF2_VECTOR = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};

const key = () => Uint8Array.from(randomBytes(32));

describe(decryptKeyFile.name, () => {
  it('default: the PBKDF2 vector of the Web3 Secret Storage definition', async () => {
    expect(hexlify(await decryptKeyFile(PBKDF2_VECTOR, 'testpassword'))).toBe(VECTOR_KEY);
  });

  it('behavior: a file written by ethers Wallet.encrypt ("Crypto", x-ethers) opens', async () => {
    const wallet = Wallet.createRandom();
    const json: unknown = JSON.parse(await wallet.encrypt('ethers pw'));
    expect(hexlify(await decryptKeyFile(json, 'ethers pw'))).toBe(wallet.privateKey);
  });

  it('error: a wrong passphrase is a DecryptError with geth wording', async () => {
    const file = await encryptKeyFile(key(), 'right', LIGHT_SCRYPT);
    await expect(decryptKeyFile(file, 'wrong')).rejects.toThrow(DecryptError);
    await expect(decryptKeyFile(file, 'wrong')).rejects.toThrow('could not decrypt key with given password');
  });

  it('error: files it cannot read say why', async () => {
    const file = await encryptKeyFile(key(), 'pw', LIGHT_SCRYPT);
    await expect(decryptKeyFile({ ...file, version: 1 }, 'pw')).rejects.toThrow('Version not supported: 1');
    await expect(
      decryptKeyFile({ ...file, crypto: { ...file.crypto, cipher: 'aes-256-cbc' } }, 'pw'),
    ).rejects.toThrow('cipher not supported: aes-256-cbc');
    await expect(
      decryptKeyFile({ ...file, crypto: { ...file.crypto, kdf: 'argon2' } }, 'pw'),
    ).rejects.toThrow('unsupported KDF: argon2');
    const refused = { ...file.crypto.kdfparams, n: 1 << 18, r: 1 };
    await expect(
      decryptKeyFile({ ...file, crypto: { ...file.crypto, kdfparams: refused } }, 'pw'),
    ).rejects.toThrow('scrypt parameters not supported: n=262144 r=1');
    const costly = { ...file.crypto.kdfparams, n: 1 << 24 };
    await expect(
      decryptKeyFile({ ...file, crypto: { ...file.crypto, kdfparams: costly } }, 'pw'),
    ).rejects.toThrow(KdfBoundsError);
    const other = await encryptKeyFile(key(), 'pw', LIGHT_SCRYPT);
    await expect(decryptKeyFile({ ...file, address: other.address }, 'pw')).rejects.toThrow(
      'key content mismatch',
    );
  });
});

describe(encryptKeyFile.name, () => {
  it('default: a v3 scrypt file with geth standard cost that ethers Wallet.fromEncryptedJson opens', async () => {
    const privateKey = key();
    const file = await encryptKeyFile(privateKey, 'pässwörd', STANDARD_SCRYPT);
    expect(file).toMatchObject({
      address: computeAddress(hexlify(privateKey)).slice(2).toLowerCase(),
      version: 3,
      crypto: { cipher: 'aes-128-ctr', kdf: 'scrypt', kdfparams: { dklen: 32, n: 262144, p: 1, r: 8 } },
    });
    expect(file.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const wallet = await Wallet.fromEncryptedJson(JSON.stringify(file), 'pässwörd');
    expect(wallet.privateKey).toBe(hexlify(privateKey));
  });

  it('args: light cost (geth --lightkdf) round-trips', async () => {
    const privateKey = key();
    const file = await encryptKeyFile(privateKey, '', LIGHT_SCRYPT);
    expect(file.crypto.kdfparams).toMatchObject({ n: 4096, p: 6 });
    expect(await decryptKeyFile(file, '')).toEqual(privateKey);
    expect(JSON.stringify(file)).not.toContain(Buffer.from(privateKey).toString('hex'));
  });
});

describe(checkScryptParams.name, () => {
  const SALT = 32;

  it.each([
    [1 << 18, 8, 1],
    [1 << 12, 8, 6],
    [1 << 20, 8, 1],
    [1 << 19, 16, 1],
    [2, 1, 1],
  ])('default: scrypt n=%i r=%i p=%i is within the bounds', (n, r, p) => {
    expect(() => checkScryptParams(n, r, p, SALT)).not.toThrow();
  });

  it.each([
    [1 << 21, 8, 1, 'n over 2^20'],
    [(1 << 18) + 1, 8, 1, 'n not a power of two'],
    [1, 8, 1, 'n below 2'],
    [1 << 20, 8, 2, 'work over 2^23'],
    [1 << 14, 17, 1, 'r over 16'],
    [1 << 14, 8, 17, 'p over 16'],
  ])('error: scrypt n=%i r=%i p=%i is refused (%s)', (n, r, p) => {
    expect(() => checkScryptParams(n, r, p, SALT)).toThrow(KdfBoundsError);
  });

  it.each([15, 65])('error: a salt of %i bytes is refused', (salt) => {
    expect(() => checkScryptParams(1 << 12, 8, 1, salt)).toThrow(KdfBoundsError);
  });

  it('behavior: a refused file is refused before any KDF work', async () => {
    const file = await encryptKeyFile(key(), 'pw', LIGHT_SCRYPT);
    // n = 2^30 would take minutes and a terabyte; the refusal must come at once.
    const crafted = {
      ...file,
      crypto: { ...file.crypto, kdfparams: { ...file.crypto.kdfparams, n: 2 ** 30 } },
    };
    const started = performance.now();
    await expect(decryptKeyFile(crafted, 'pw')).rejects.toThrow(KdfBoundsError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe(checkPbkdf2Params.name, () => {
  it('default: up to 10^7 rounds', () => {
    expect(() => checkPbkdf2Params(262_144, 32)).not.toThrow();
    expect(() => checkPbkdf2Params(10_000_000, 32)).not.toThrow();
  });

  it('error: more rounds are refused', () => {
    expect(() => checkPbkdf2Params(10_000_001, 32)).toThrow('pbkdf2 c=10000001 (at most 10000000)');
  });
});

import { InvalidInputError } from '@photon/codec';
import { Wallet, getBytes, hashMessage, hexlify, toUtf8Bytes, verifyMessage } from 'ethers';
import { randomBytes } from 'node:crypto';
import { personalMessageHash, recoverPersonalSigner, signPersonalMessage } from './personal-message';

// web3.js's documented accounts.sign example: this key signing "Some data".
const KEY = getBytes('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');
const ADDRESS = '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23';
const SOME_DATA_HASH = '0x1da44b586eb0729ff70a73c326926f6ed5a25f5b056e7f47fbc6e58d86871655';
const SOME_DATA_SIGNATURE =
  '0xb91467e570a6466aa9e9876cbcd013baba02900b8979d43fe208a4a4f339f5fd6007e74cd82e037b800186422fc2da167c747ef045e5d18a5f5d4300f8e1a0291c';

describe(personalMessageHash.name, () => {
  it('default: EIP-191 vectors', () => {
    expect(personalMessageHash(toUtf8Bytes('Hello World'))).toBe(
      '0xa1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2',
    );
    expect(personalMessageHash(toUtf8Bytes('Some data'))).toBe(SOME_DATA_HASH);
  });

  it('behavior: the length is the decimal byte count, not the hex text length', () => {
    const message = Uint8Array.from(randomBytes(300));
    expect(personalMessageHash(message)).toBe(hashMessage(message));
    expect(personalMessageHash(new Uint8Array())).toBe(hashMessage(new Uint8Array()));
  });
});

describe(signPersonalMessage.name, () => {
  it('default: the documented signature (deterministic, v = 27 or 28)', () => {
    expect(signPersonalMessage(toUtf8Bytes('Some data'), KEY)).toBe(SOME_DATA_SIGNATURE);
  });

  it('behavior: round-trips with personal_ecRecover and ethers verifyMessage', () => {
    for (let i = 0; i < 20; i++) {
      const wallet = Wallet.createRandom();
      const message = Uint8Array.from(randomBytes(i * 7));
      const signature = signPersonalMessage(message, getBytes(wallet.privateKey));
      expect([27, 28]).toContain(getBytes(signature)[64]);
      expect(recoverPersonalSigner(message, getBytes(signature))).toBe(wallet.address.toLowerCase());
      expect(verifyMessage(message, signature)).toBe(wallet.address);
    }
  });
});

describe(recoverPersonalSigner.name, () => {
  it('default: a signature made by ethers signMessage', async () => {
    const signature = await new Wallet(hexlify(KEY)).signMessage('Some data');
    expect(recoverPersonalSigner(toUtf8Bytes('Some data'), getBytes(signature))).toBe(ADDRESS);
  });

  it('error: geth wording for a V other than 27/28 and for an unrecoverable signature', () => {
    const signature = getBytes(SOME_DATA_SIGNATURE);
    const v1 = Uint8Array.from(signature);
    v1[64] = 1;
    expect(() => recoverPersonalSigner(toUtf8Bytes('Some data'), v1)).toThrow(
      new InvalidInputError('invalid Ethereum signature (V is not 27 or 28)'),
    );
    const zero = new Uint8Array(65);
    zero[64] = 27;
    expect(() => recoverPersonalSigner(toUtf8Bytes('Some data'), zero)).toThrow('recovery failed');
  });
});

// Web3 Secret Storage v3: a private key encrypted with AES-128-CTR under a key derived from the
// passphrase by scrypt (or PBKDF2 when reading), with a Keccak-256 MAC. The format geth, ethers
// and MetaMask read and write. Node's native scrypt runs on the libuv pool, off the event loop.
import { computeAddress, getBytes, hexlify, keccak256 } from 'ethers';
import {
  createCipheriv,
  createDecipheriv,
  pbkdf2,
  randomBytes,
  randomUUID,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

/** geth's StandardScryptN/P and, for --lightkdf, LightScryptN/P. */
export const STANDARD_SCRYPT = { n: 1 << 18, p: 1 } as const;
export const LIGHT_SCRYPT = { n: 1 << 12, p: 6 } as const;
/**
 * The dev accounts' key files: their keys are printed at every start and their passphrase is empty, so
 * the KDF protects nothing and only costs start-up time (ten keys at LIGHT_SCRYPT: 0.6–1.6 s here).
 */
export const DEV_KEY_SCRYPT = { n: 1 << 10, p: 1 } as const;
export type ScryptCost = { readonly n: number; readonly p: number };

const SCRYPT_R = 8;
const DKLEN = 32;

/**
 * What a key file (read from disk or dropped in by anyone) may ask of the KDF, checked before any
 * KDF work so that one crafted file cannot pin a core or the memory for minutes. scrypt: n a power
 * of two up to 2^20 and n·r·p up to 2^20·8, four times geth's standard cost (2^18·8·1): 5.6 s and
 * 1 GiB on these 2-core machines (measured). PBKDF2: up to 10^7 rounds of HMAC-SHA256, 2.0 s.
 */
export const KDF_BOUNDS = {
  maxScryptN: 1 << 20,
  maxScryptR: 16,
  maxScryptP: 16,
  maxScryptWork: (1 << 20) * 8,
  maxPbkdf2Rounds: 10_000_000,
  minSaltBytes: 16,
  maxSaltBytes: 64,
} as const;

export interface KeyFileJson {
  readonly address: string;
  readonly crypto: CryptoJson;
  readonly id: string;
  readonly version: 3;
}

interface CryptoJson {
  readonly cipher: string;
  readonly ciphertext: string;
  readonly cipherparams: { readonly iv: string };
  readonly kdf: string;
  readonly kdfparams: Record<string, unknown>;
  readonly mac: string;
}

/** The passphrase did not open the file (geth's ErrDecrypt); the only error a client may see as such. */
export class DecryptError extends Error {
  constructor() {
    super('could not decrypt key with given password');
    this.name = 'DecryptError';
  }
}

const scryptAsync = promisify(scrypt) as (
  password: Buffer,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);

export async function encryptKeyFile(
  privateKey: Uint8Array,
  passphrase: string,
  cost: ScryptCost,
): Promise<KeyFileJson> {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const derived = await deriveScrypt(passphrase, salt, cost.n, SCRYPT_R, cost.p);
  const cipher = createCipheriv('aes-128-ctr', derived.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([cipher.update(privateKey), cipher.final()]);
  return {
    address: computeAddress(hexlify(privateKey)).slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      ciphertext: ciphertext.toString('hex'),
      cipherparams: { iv: iv.toString('hex') },
      kdf: 'scrypt',
      kdfparams: { dklen: DKLEN, n: cost.n, p: cost.p, r: SCRYPT_R, salt: salt.toString('hex') },
      mac: mac(derived, ciphertext),
    },
    id: randomUUID(),
    version: 3,
  };
}

/**
 * Spends what decrypting a key file of `cost` spends (a scrypt with a random salt) and forgets the
 * result: an address without a key file answers a passphrase as slowly as one with a file.
 */
export async function spendKdf(passphrase: string, cost: ScryptCost): Promise<void> {
  (await deriveScrypt(passphrase, randomBytes(32), cost.n, SCRYPT_R, cost.p)).fill(0);
}

/** A key file whose KDF parameters are out of KDF_BOUNDS: refused before any KDF work. */
export class KdfBoundsError extends Error {
  constructor(detail: string) {
    super(`KDF parameters out of bounds: ${detail}`);
    this.name = 'KdfBoundsError';
  }
}

/** The private key of a v3 file; DecryptError for a wrong passphrase, Error for a file it cannot read. */
export async function decryptKeyFile(file: unknown, passphrase: string): Promise<Uint8Array> {
  const json = asRecord(file, 'key file');
  if (json['version'] !== 3) throw new Error(`Version not supported: ${String(json['version'])}`);
  // Go decodes JSON field names case-insensitively; files from some wallets say "Crypto".
  const crypto = asRecord(json['crypto'] ?? json['Crypto'], 'crypto');
  if (crypto['cipher'] !== 'aes-128-ctr')
    throw new Error(`cipher not supported: ${String(crypto['cipher'])}`);
  const ciphertext = hexField(crypto, 'ciphertext');
  const iv = hexField(asRecord(crypto['cipherparams'], 'cipherparams'), 'iv');
  const derived = await deriveKey(crypto, passphrase);
  if (!sameMac(mac(derived, ciphertext), hexField(crypto, 'mac'))) throw new DecryptError();
  const decipher = createDecipheriv('aes-128-ctr', derived.subarray(0, 16), iv);
  const privateKey = Uint8Array.from(Buffer.concat([decipher.update(ciphertext), decipher.final()]));
  const address = typeof json['address'] === 'string' ? json['address'].toLowerCase().replace(/^0x/, '') : '';
  const actual = computeAddress(hexlify(privateKey)).slice(2).toLowerCase();
  if (address !== '' && actual !== address) {
    throw new Error(`key content mismatch: have account ${actual}, want ${address}`);
  }
  return privateKey;
}

async function deriveKey(crypto: Record<string, unknown>, passphrase: string): Promise<Buffer> {
  const params = asRecord(crypto['kdfparams'], 'kdfparams');
  const salt = hexField(params, 'salt');
  const dklen = intField(params, 'dklen');
  if (dklen !== DKLEN) throw new Error(`unsupported dklen: ${dklen}`);
  if (crypto['kdf'] === 'scrypt') {
    const [n, r, p] = [intField(params, 'n'), intField(params, 'r'), intField(params, 'p')];
    checkScryptParams(n, r, p, salt.length);
    return deriveScrypt(passphrase, salt, n, r, p);
  }
  if (crypto['kdf'] === 'pbkdf2') {
    if (params['prf'] !== 'hmac-sha256') throw new Error(`unsupported PBKDF2 PRF: ${String(params['prf'])}`);
    const rounds = intField(params, 'c');
    checkPbkdf2Params(rounds, salt.length);
    return pbkdf2Async(Buffer.from(passphrase, 'utf8'), salt, rounds, DKLEN, 'sha256');
  }
  throw new Error(`unsupported KDF: ${String(crypto['kdf'])}`);
}

/** Throws KdfBoundsError unless scrypt(n, r, p) with this salt is within KDF_BOUNDS. */
export function checkScryptParams(n: number, r: number, p: number, saltBytes: number): void {
  const b = KDF_BOUNDS;
  const powerOfTwo = n >= 2 && (n & (n - 1)) === 0;
  if (
    !powerOfTwo ||
    n > b.maxScryptN ||
    r > b.maxScryptR ||
    p > b.maxScryptP ||
    n * r * p > b.maxScryptWork
  ) {
    throw new KdfBoundsError(
      `scrypt n=${n} r=${r} p=${p} (n a power of two up to 2^20, r and p up to 16, n·r·p up to 2^23)`,
    );
  }
  checkSalt(saltBytes);
}

/** Throws KdfBoundsError unless PBKDF2 with `rounds` and this salt is within KDF_BOUNDS. */
export function checkPbkdf2Params(rounds: number, saltBytes: number): void {
  if (rounds > KDF_BOUNDS.maxPbkdf2Rounds) {
    throw new KdfBoundsError(`pbkdf2 c=${rounds} (at most ${KDF_BOUNDS.maxPbkdf2Rounds})`);
  }
  checkSalt(saltBytes);
}

function checkSalt(saltBytes: number): void {
  if (saltBytes < KDF_BOUNDS.minSaltBytes || saltBytes > KDF_BOUNDS.maxSaltBytes) {
    throw new KdfBoundsError(`salt of ${saltBytes} bytes (16 to 64)`);
  }
}

/** Constant-time: how many leading bytes of the MAC were right must not show in the timing. */
function sameMac(expectedHex: string, given: Buffer): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// geth hashes the passphrase's bytes as given (no Unicode normalization), and so does this.
function deriveScrypt(passphrase: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // OpenSSL (and ethers) refuse N >= 2^(16r), which Go accepts; no common wallet writes such files.
  if (n >= 2 ** (16 * r)) throw new Error(`scrypt parameters not supported: n=${n} r=${r}`);
  return scryptAsync(Buffer.from(passphrase, 'utf8'), salt, DKLEN, {
    N: n,
    r,
    p,
    maxmem: 256 * n * r + 1024,
  });
}

const mac = (derived: Buffer, ciphertext: Buffer): string =>
  keccak256(Buffer.concat([derived.subarray(16, 32), ciphertext])).slice(2);

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function hexField(record: Record<string, unknown>, field: string): Buffer {
  const value = record[field];
  if (typeof value !== 'string' || !/^(0x)?([0-9a-fA-F]{2})*$/.test(value))
    throw new Error(`${field} is not hex`);
  return Buffer.from(getBytes(value.startsWith('0x') ? value : `0x${value}`));
}

function intField(record: Record<string, unknown>, field: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    throw new Error(`${field} is not a positive integer`);
  return value;
}

// The keys on disk: list, create, import and decrypt v3 key files in --keystore-dir. Private keys
// exist here only for the moment an operation needs them; nothing is cached in memory.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { computeAddress, getAddress, hexlify } from 'ethers';
import { randomBytes } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { KeyDirectory, type KeyFileEntry, type KeyFiles } from '../key-files/key-directory';
import {
  DecryptError,
  KdfBoundsError,
  LIGHT_SCRYPT,
  STANDARD_SCRYPT,
  type ScryptCost,
  decryptKeyFile,
  encryptKeyFile,
  spendKdf,
} from '../key-files/key-file';
import { MemoryKeyDirectory } from '../key-files/memory-key-directory';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
import { couldNotDecrypt, keyFileRefused, noKeyForAddress } from './keystore-errors';

/** A claim older than this belongs to a replica that died while writing (scrypt takes seconds, not a minute). */
const IMPORT_CLAIM_STALE_MS = 60_000;
const IMPORT_WAIT_MS = 2 * IMPORT_CLAIM_STALE_MS;
const IMPORT_POLL_MS = 100;

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** How importOnce writes a key: its scrypt cost (default: --lightkdf's choice) and whether it logs the new file. */
export interface ImportSettings {
  readonly cost?: ScryptCost;
  readonly announce?: boolean;
}

@Injectable()
export class KeyStore {
  private readonly log = new Logger('keystore');
  private readonly directory: KeyFiles;
  private readonly cost: typeof STANDARD_SCRYPT | typeof LIGHT_SCRYPT;

  constructor(@Inject(KEYSTORE_OPTIONS) options: KeystoreOptions) {
    this.directory =
      options.keystoreDir === null ? new MemoryKeyDirectory() : new KeyDirectory(options.keystoreDir);
    this.cost = options.lightKdf ? LIGHT_SCRYPT : STANDARD_SCRYPT;
  }

  /** Lowercase addresses of every key file, in file-name order. */
  async accounts(): Promise<string[]> {
    return (await this.directory.list()).map((entry) => entry.address);
  }

  async has(address: string): Promise<boolean> {
    return (await this.directory.find(address)) !== undefined;
  }

  /** A new random key, stored encrypted with `passphrase`; its EIP-55 address. */
  async create(passphrase: string): Promise<string> {
    const privateKey = randomPrivateKey();
    const entry = await this.store(privateKey, passphrase);
    privateKey.fill(0);
    return getAddress(entry.address);
  }

  /** Stores `privateKey` encrypted with `passphrase`; a key already here keeps its file and passphrase. */
  async import(privateKey: Uint8Array, passphrase: string): Promise<string> {
    const address = computeAddress(hexlify(privateKey)).toLowerCase();
    if (await this.has(address)) return address;
    return (await this.store(privateKey, passphrase)).address;
  }

  /**
   * Imports `privateKey` unless a key file holds it, once among replicas sharing the directory:
   * one takes the import claim and writes, the others wait for its file. True when this call wrote.
   */
  async importOnce(
    privateKey: Uint8Array,
    passphrase: string,
    { cost = this.cost, announce = true }: ImportSettings = {},
  ): Promise<{ address: string; written: boolean }> {
    const address = computeAddress(hexlify(privateKey)).toLowerCase();
    const claimName = `import-${address.slice(2)}`;
    const deadline = Date.now() + IMPORT_WAIT_MS;
    for (;;) {
      if (await this.has(address)) return { address, written: false };
      const claim = await this.directory.claim(claimName, IMPORT_CLAIM_STALE_MS);
      if (claim !== null) {
        try {
          // The holder before us may have finished between the check above and our claim.
          if (await this.has(address)) return { address, written: false };
          await this.store(privateKey, passphrase, cost, announce);
          return { address, written: true };
        } finally {
          await claim.release();
        }
      }
      if (Date.now() > deadline)
        throw new Error(`importing ${getAddress(address)}: another replica holds the import claim`);
      // Another replica is writing the file: wait for it (or for its claim to go stale).
      while ((await this.directory.claimed(claimName, IMPORT_CLAIM_STALE_MS)) && !(await this.has(address))) {
        await delay(IMPORT_POLL_MS);
      }
    }
  }

  /** The private key of `address`, opened with `passphrase`; geth's errors otherwise. */
  async decrypt(address: string, passphrase: string): Promise<Uint8Array> {
    const entry = await this.directory.find(address);
    if (entry === undefined) throw noKeyForAddress();
    const privateKey = await this.openEntry(entry, passphrase);
    if (privateKey === undefined) throw couldNotDecrypt();
    return privateKey;
  }

  /**
   * The private key of `address` opened with `passphrase`, or undefined when it does not open, in
   * about the same time whether or not `address` has a key file: for a caller that may be guessing.
   */
  async open(address: string, passphrase: string): Promise<Uint8Array | undefined> {
    const entry = await this.directory.find(address);
    if (entry !== undefined) return this.openEntry(entry, passphrase);
    await spendKdf(passphrase, this.cost);
    return undefined;
  }

  /** The key file an --unlock-key name means: an address (0x optional, any case) or a file name. */
  async resolveName(name: string): Promise<KeyFileEntry | undefined> {
    const entries = await this.directory.list();
    const bare = name.toLowerCase().replace(/^0x/, '');
    if (/^[0-9a-f]{40}$/.test(bare)) return entries.find((entry) => entry.address === `0x${bare}`);
    return entries.find((entry) => entry.fileName === name);
  }

  /** undefined for a wrong passphrase; a file the keystore will not open is refused with its name. */
  private async openEntry(entry: KeyFileEntry, passphrase: string): Promise<Uint8Array | undefined> {
    try {
      return await decryptKeyFile(await this.directory.read(entry), passphrase);
    } catch (error) {
      if (error instanceof DecryptError) return undefined;
      if (error instanceof KdfBoundsError) {
        // Only this file is refused; every other key keeps working.
        this.log.warn(`key file ${entry.fileName} refused: ${error.message}`);
        throw keyFileRefused(entry.fileName, error.message);
      }
      throw error;
    }
  }

  private async store(
    privateKey: Uint8Array,
    passphrase: string,
    cost: ScryptCost = this.cost,
    announce = true,
  ): Promise<KeyFileEntry> {
    const entry = await this.directory.write(await encryptKeyFile(privateKey, passphrase, cost));
    if (announce) this.log.log(`new key file ${entry.fileName} for ${getAddress(entry.address)}`);
    return entry;
  }
}

// 32 random bytes are a valid secp256k1 key but for a chance of about 2^-128; that case retries.
function randomPrivateKey(): Uint8Array {
  for (;;) {
    const key = Uint8Array.from(randomBytes(32));
    const scalar = BigInt(hexlify(key));
    if (scalar > 0n && scalar < SECP256K1_N) return key;
  }
}

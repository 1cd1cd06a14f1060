// --import-key-file and --unlock-key with --passphrase-file, before the service takes requests:
// first the raw keys the keystore lacks are imported (once, whatever the restarts and replicas),
// then the named keys are unlocked until the tier stops. A name that matches no key, a wrong
// passphrase or an unreadable key file stops the start.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RpcError } from '@photon/codec';
import { getAddress } from 'ethers';
import { KeyStore } from '../accounts/key-store.service';
import { Unlocks } from '../accounts/unlocks.service';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
import { readImportKeyFile } from './import-key-file';
import { passphraseFor, readPassphraseFile } from './passphrase-file';

@Injectable()
export class UnlockAtStart implements OnApplicationBootstrap {
  private readonly log = new Logger('keystore');

  constructor(
    private readonly keys: KeyStore,
    private readonly unlocks: Unlocks,
    @Inject(KEYSTORE_OPTIONS) private readonly options: KeystoreOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { importKeyFile, unlockKeys, passphraseFile } = this.options;
    if (importKeyFile === null && unlockKeys.length === 0) return;
    if (passphraseFile === null) {
      throw new Error(
        `${importKeyFile === null ? '--unlock-key' : '--import-key-file'} needs --passphrase-file`,
      );
    }
    const passphrases = await readPassphraseFile(passphraseFile);
    if (importKeyFile !== null) await this.importKeys(importKeyFile, passphrases);
    for (const [index, name] of unlockKeys.entries()) {
      const entry = await this.keys.resolveName(name);
      if (entry === undefined) throw new Error(`--unlock-key ${name}: no key for given address or file`);
      try {
        await this.unlocks.unlock(entry.address, passphraseFor(passphrases, index), 0n);
      } catch (error) {
        if (error instanceof RpcError) throw new Error(`--unlock-key ${name}: ${error.message}`);
        throw error;
      }
      this.log.log(`unlocked ${entry.address} until the tier stops`);
    }
  }

  private async importKeys(path: string, passphrases: readonly string[]): Promise<void> {
    const keys = await readImportKeyFile(path);
    try {
      for (const [index, key] of keys.entries()) {
        const { address, written } = await this.keys.importOnce(key, passphraseFor(passphrases, index));
        this.log.log(`--import-key-file: ${getAddress(address)} ${written ? 'imported' : 'already held'}`);
      }
    } finally {
      for (const key of keys) key.fill(0);
    }
  }
}

// --unlock-key with --passphrase-file: unlocks the named keys until the tier stops, before the
// service takes requests. A name that matches no key or a wrong passphrase stops the start.
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RpcError } from '@photon/codec';
import { KeyStore } from '../accounts/key-store.service';
import { Unlocks } from '../accounts/unlocks.service';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
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
    const names = this.options.unlockKeys;
    if (names.length === 0) return;
    if (this.options.passphraseFile === null) throw new Error('--unlock-key needs --passphrase-file');
    const passphrases = await readPassphraseFile(this.options.passphraseFile);
    for (const [index, name] of names.entries()) {
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
}

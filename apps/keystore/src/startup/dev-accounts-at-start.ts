// The devnet's dev accounts, ready as on anvil and hardhat: held by the keystore (under the empty
// passphrase and a token KDF cost: their keys are published in the start-up banner, so encryption
// protects nothing) and unlocked until the tier stops, before the service takes requests. Whether a
// call may sign with them is still the unlocked-account policy's decision (loopback gateways only).
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { getBytes } from 'ethers';
import { KeyStore } from '../accounts/key-store.service';
import { Unlocks } from '../accounts/unlocks.service';
import { DEV_KEY_SCRYPT } from '../key-files/key-file';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';

const DEV_PASSPHRASE = '';

@Injectable()
export class DevAccountsAtStart implements OnApplicationBootstrap {
  private readonly log = new Logger('keystore');

  constructor(
    private readonly keys: KeyStore,
    private readonly unlocks: Unlocks,
    @Inject(KEYSTORE_OPTIONS) private readonly options: KeystoreOptions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { devAccountKeys } = this.options;
    if (devAccountKeys.length === 0) return;
    // One after another, so the key files are named (and eth_accounts lists them) in the banner's order.
    for (const hex of devAccountKeys) {
      const { address } = await this.keys.importOnce(getBytes(hex), DEV_PASSPHRASE, {
        cost: DEV_KEY_SCRYPT,
        announce: false,
      });
      await this.unlocks.unlockWithKey(address, getBytes(hex), 0n);
    }
    this.log.log(
      `the ${devAccountKeys.length} dev accounts are unlocked until exit (--dev-accounts off keeps them out)`,
    );
  }
}

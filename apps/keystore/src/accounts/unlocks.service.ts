// The unlock life cycle of keystore accounts: unlock (decrypt with the passphrase, then hand the
// key to the session store, which keeps it only wrapped), lock, and the key of an unlocked account
// for signing. The session store is the only state, so every replica answers the same.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InvalidInputError } from '@photon/codec';
import { UNTIL_TIER_STOPS, UnlockSessionStore } from '@photon/store';
import { authenticationNeeded, unknownAccount } from './keystore-errors';
import { KeyStore } from './key-store.service';

/** geth's default unlock duration. */
export const DEFAULT_UNLOCK_SECONDS = 300n;
// geth caps durations at what a time.Duration holds: MaxInt64 nanoseconds.
const MAX_UNLOCK_SECONDS = 9_223_372_036n;

@Injectable()
export class Unlocks {
  private readonly log = new Logger('keystore');

  constructor(
    private readonly keys: KeyStore,
    @Inject(UnlockSessionStore) private readonly sessions: UnlockSessionStore,
  ) {}

  /** Unlocks `address` for `seconds` (0 = until the tier stops); geth's errors otherwise. */
  async unlock(address: string, passphrase: string, seconds: bigint = DEFAULT_UNLOCK_SECONDS): Promise<void> {
    if (seconds > MAX_UNLOCK_SECONDS) throw new InvalidInputError('unlock duration too large');
    let privateKey: Uint8Array;
    try {
      privateKey = await this.keys.decrypt(address, passphrase);
    } catch (error) {
      // As geth: the address and the reason, never the passphrase.
      if (error instanceof InvalidInputError)
        this.log.warn(`failed unlock attempt for ${address}: ${error.message}`);
      throw error;
    }
    try {
      await this.sessions.unlock(
        address,
        privateKey,
        seconds === 0n ? UNTIL_TIER_STOPS : Number(seconds) * 1000,
      );
    } finally {
      privateKey.fill(0);
    }
  }

  lock(address: string): Promise<void> {
    return this.sessions.lock(address);
  }

  /** The key of an unlocked keystore account: `unknown account` or `authentication needed` otherwise. */
  async unlockedKey(address: string): Promise<Uint8Array> {
    if (!(await this.keys.has(address))) throw unknownAccount();
    const privateKey = await this.sessions.privateKey(address);
    if (privateKey === undefined) throw authenticationNeeded();
    return privateKey;
  }

  /** The key of a keystore account opened with a per-call passphrase, without unlocking it. */
  async keyWithPassphrase(address: string, passphrase: string): Promise<Uint8Array> {
    if (!(await this.keys.has(address))) throw unknownAccount();
    return this.keys.decrypt(address, passphrase);
  }
}

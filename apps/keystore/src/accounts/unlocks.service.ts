// The unlock life cycle of keystore accounts: unlock (decrypt with the passphrase, then hand the
// key to the session store, which keeps it only wrapped), lock, and the key of an unlocked account
// for signing. The session store is the only state, so every replica answers the same.
import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError } from '@photon/codec';
import { UNTIL_TIER_STOPS, UnlockSessionStore } from '@photon/store';
import { authenticationNeeded, unknownAccount } from './keystore-errors';
import { KeyStore } from './key-store.service';
import { type PassphraseCaller, PassphraseChecks } from './passphrase-checks.service';

/** geth's default unlock duration. */
export const DEFAULT_UNLOCK_SECONDS = 300n;
// geth caps durations at what a time.Duration holds: MaxInt64 nanoseconds.
const MAX_UNLOCK_SECONDS = 9_223_372_036n;

@Injectable()
export class Unlocks {
  constructor(
    private readonly keys: KeyStore,
    private readonly checks: PassphraseChecks,
    @Inject(UnlockSessionStore) private readonly sessions: UnlockSessionStore,
  ) {}

  /**
   * Unlocks `address` for `seconds` (0 = until the tier stops) for a client's call, its passphrase
   * checked under the backoff; geth's errors otherwise (the same for an address without a key file).
   */
  async unlockFor(
    caller: PassphraseCaller,
    address: string,
    passphrase: string,
    seconds: bigint = DEFAULT_UNLOCK_SECONDS,
  ): Promise<void> {
    const durationMs = durationOf(seconds);
    await this.openSession(address, await this.checks.open(address, passphrase, caller), durationMs);
  }

  /** Unlocks `address` with the operator's passphrase (--unlock-key at start): no backoff applies. */
  async unlock(address: string, passphrase: string, seconds: bigint = DEFAULT_UNLOCK_SECONDS): Promise<void> {
    const durationMs = durationOf(seconds);
    await this.openSession(address, await this.keys.decrypt(address, passphrase), durationMs);
  }

  /** Unlocks `address` with its key already in hand (the dev accounts at start); `privateKey` is zeroed. */
  async unlockWithKey(address: string, privateKey: Uint8Array, seconds: bigint): Promise<void> {
    await this.openSession(address, privateKey, durationOf(seconds));
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

  /** The key of a keystore account opened with a per-call passphrase from `caller`, without unlocking it. */
  keyWithPassphrase(caller: PassphraseCaller, address: string, passphrase: string): Promise<Uint8Array> {
    return this.checks.open(address, passphrase, caller);
  }

  private async openSession(address: string, privateKey: Uint8Array, durationMs: number): Promise<void> {
    try {
      await this.sessions.unlock(address, privateKey, durationMs);
    } finally {
      privateKey.fill(0);
    }
  }
}

function durationOf(seconds: bigint): number {
  if (seconds > MAX_UNLOCK_SECONDS) throw new InvalidInputError('unlock duration too large');
  return seconds === 0n ? UNTIL_TIER_STOPS : Number(seconds) * 1000;
}

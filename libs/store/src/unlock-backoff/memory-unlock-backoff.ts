// The passphrase-attempt backoff of `photon start`: one process, so a map of key -> failures and
// deadlines, checked against the clock; entries past their window are swept every few seconds.
import {
  DEFAULT_UNLOCK_BACKOFF,
  UnlockBackoff,
  type UnlockBackoffPolicy,
  backoffDelayMs,
} from './unlock-backoff';

interface Record {
  failures: number;
  /** Epoch ms when the failures are forgotten. */
  forgetAt: number;
  /** Epoch ms until which attempts are refused. */
  refusedUntil: number;
}

const SWEEP_EVERY_MS = 10_000;

export class MemoryUnlockBackoff extends UnlockBackoff {
  private readonly records = new Map<string, Record>();
  private nextSweep = 0;

  constructor(
    private readonly policy: UnlockBackoffPolicy = DEFAULT_UNLOCK_BACKOFF,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  begin(keys: readonly string[]): Promise<number> {
    const now = this.now();
    this.sweep(now);
    if (this.policy.failures === 0) return Promise.resolve(0);
    const wait = Math.max(0, ...keys.map((key) => (this.live(key, now)?.refusedUntil ?? 0) - now));
    if (wait > 0) return Promise.resolve(wait);
    for (const key of keys) {
      const record = this.live(key, now) ?? { failures: 0, forgetAt: 0, refusedUntil: 0 };
      record.failures += 1;
      record.forgetAt = now + this.policy.windowMs;
      const delay = backoffDelayMs(record.failures, this.policy);
      if (delay > 0) record.refusedUntil = now + delay;
      this.records.set(key, record);
    }
    return Promise.resolve(0);
  }

  succeeded(account: string, others: readonly string[]): Promise<void> {
    this.records.delete(account);
    return this.cancelled(others);
  }

  cancelled(keys: readonly string[]): Promise<void> {
    const now = this.now();
    for (const key of keys) {
      const record = this.live(key, now);
      if (record === undefined) continue;
      record.failures = Math.max(0, record.failures - 1);
      if (backoffDelayMs(record.failures, this.policy) === 0) record.refusedUntil = 0;
    }
    return Promise.resolve();
  }

  private live(key: string, now: number): Record | undefined {
    const record = this.records.get(key);
    if (record !== undefined && record.forgetAt <= now && record.refusedUntil <= now) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  // Keys guessed once and never again (unknown addresses, passing clients) would otherwise stay.
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const key of [...this.records.keys()]) this.live(key, now);
  }
}

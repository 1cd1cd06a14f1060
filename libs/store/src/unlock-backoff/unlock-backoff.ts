// The contract of the passphrase-attempt backoff: failed passphrase checks counted per key (an
// account, a client address) across every keystore replica. Past `failures` in a row, a key is
// refused for a delay that doubles with each further failure, up to `maxDelayMs`.

export interface UnlockBackoffPolicy {
  /** Failures of one key before its attempts are refused; 0 turns the backoff off. */
  readonly failures: number;
  /** The refusal after the `failures`-th failure; it doubles with each one after. */
  readonly baseDelayMs: number;
  /** The longest refusal. */
  readonly maxDelayMs: number;
  /** A key's failures are forgotten this long after its last attempt. */
  readonly windowMs: number;
}

export const DEFAULT_UNLOCK_BACKOFF: UnlockBackoffPolicy = {
  failures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
};

/** How long a key that has `failures` failures in its window is refused (0: not at all). */
export function backoffDelayMs(failures: number, policy: UnlockBackoffPolicy): number {
  const over = failures - policy.failures;
  if (policy.failures === 0 || over < 0) return 0;
  // 2^over overflows nothing below 2^40; past that the cap holds anyway.
  return over >= 40 ? policy.maxDelayMs : Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** over);
}

/**
 * An attempt is taken before the passphrase is tried and counts as a failure until it is settled,
 * so concurrent guesses cannot all slip in before the first failure is recorded.
 */
export abstract class UnlockBackoff {
  /**
   * Takes one attempt for every key at once: 0 when taken, else the milliseconds until every key
   * may try again (nothing is counted then).
   */
  abstract begin(keys: readonly string[]): Promise<number>;

  /** The passphrase was right: `account` forgets its failures, the `others` get this attempt back. */
  abstract succeeded(account: string, others: readonly string[]): Promise<void>;

  /** The attempt ended for another reason than the passphrase (an unreadable file): every key gets it back. */
  abstract cancelled(keys: readonly string[]): Promise<void>;
}

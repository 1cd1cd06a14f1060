// The contract of the unlock-session store: one session per address holding the private key
// wrapped with the tier's KEK, for a duration (0 = until the tier stops). Two implementations:
// in memory (`photon start`) and Redis (every keystore replica of a cluster sees the same sessions).

/** Milliseconds a session lasts; UNTIL_TIER_STOPS keeps it while the tier runs. */
export const UNTIL_TIER_STOPS = 0;

export abstract class UnlockSessionStore {
  /**
   * Opens the session of `address` for `durationMs`, replacing a timed one. As in geth, an address
   * already unlocked until the tier stops stays so: a timed unlock does not shorten it. Every unlock
   * stores the wrap it is given and restarts the session's lease or duration, whatever the state
   * replicas that ended before left behind.
   */
  abstract unlock(address: string, privateKey: Uint8Array, durationMs: number): Promise<void>;

  /** The private key of the open session of `address`, or undefined when it is locked. */
  abstract privateKey(address: string): Promise<Uint8Array | undefined>;

  /** Ends the session of `address`, if any; every replica sees it locked from then on. */
  abstract lock(address: string): Promise<void>;

  /** Stops background work (Redis lease renewal); the sessions' fate is described per implementation. */
  abstract close(): Promise<void>;
}

/** Sessions are keyed by the lower-case address, so any spelling of one account finds its session. */
export const sessionAddress = (address: string): string => address.toLowerCase();

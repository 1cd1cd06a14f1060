// The embedded unlock-session store of `photon start`: a map in the one process of the tier, so
// "until the tier stops" is simply until this process exits. Expiry is checked on every read
// against the clock, never left to a timer that could fire late.
import type { KeyWrapper } from './key-wrap';
import { UNTIL_TIER_STOPS, UnlockSessionStore, sessionAddress } from './unlock-session-store';

interface Session {
  readonly wrapped: Buffer;
  /** Epoch ms after which the session is over; null until the tier stops. */
  readonly expiresAt: number | null;
}

export class MemoryUnlockStore extends UnlockSessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly wrapper: KeyWrapper,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  unlock(address: string, privateKey: Uint8Array, durationMs: number): Promise<void> {
    const key = sessionAddress(address);
    this.sweep();
    // As in Redis: the newest wrap is kept, and a session until the tier stops is not shortened.
    const untilStop = durationMs === UNTIL_TIER_STOPS || this.live(key)?.expiresAt === null;
    const expiresAt = untilStop ? null : this.now() + durationMs;
    this.sessions.set(key, { wrapped: this.wrapper.wrap(privateKey, key), expiresAt });
    return Promise.resolve();
  }

  privateKey(address: string): Promise<Uint8Array | undefined> {
    const key = sessionAddress(address);
    const session = this.live(key);
    return Promise.resolve(session === undefined ? undefined : this.wrapper.unwrap(session.wrapped, key));
  }

  lock(address: string): Promise<void> {
    this.sessions.delete(sessionAddress(address));
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.sessions.clear();
    return Promise.resolve();
  }

  private live(key: string): Session | undefined {
    const session = this.sessions.get(key);
    if (session === undefined) return undefined;
    if (session.expiresAt !== null && session.expiresAt <= this.now()) {
      this.sessions.delete(key);
      return undefined;
    }
    return session;
  }

  // Expired sessions of accounts nobody reads again would otherwise stay in the map.
  private sweep(): void {
    for (const key of [...this.sessions.keys()]) this.live(key);
  }
}

// The nonce store of `photon start`: one process, so the lease is a promise chain per sender and the
// next nonce a map entry that idles out (checked against the clock on read).
import { NONCE_IDLE_MS, NonceStore, nonceAddress } from './nonce-store';

export class MemoryNonceStore extends NonceStore {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly nextNonces = new Map<string, { nonce: bigint; expiresAt: number }>();

  constructor(
    private readonly idleMs: number = NONCE_IDLE_MS,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  async withSender<T>(address: string, task: () => Promise<T>): Promise<T> {
    const key = nonceAddress(address);
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }

  next(address: string, enginePending: bigint): Promise<bigint> {
    const stored = this.nextNonces.get(nonceAddress(address));
    const live = stored !== undefined && stored.expiresAt > this.now() ? stored.nonce : 0n;
    return Promise.resolve(live > enginePending ? live : enginePending);
  }

  advance(address: string, used: bigint): Promise<void> {
    const key = nonceAddress(address);
    const stored = this.nextNonces.get(key);
    const nonce = stored !== undefined && stored.nonce > used + 1n ? stored.nonce : used + 1n;
    this.nextNonces.set(key, { nonce, expiresAt: this.now() + this.idleMs });
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

// Answers derived from the chain head (block number, gas price, state at `latest`): valid until the
// next block, so the whole cache is dropped when the head moves. Concurrent misses share one load.
import type { CacheStats } from '@photon/engine-client';

export class HeadCache {
  private head: bigint | undefined;
  private readonly entries = new Map<string, Promise<unknown>>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly maxEntries = 10_000) {}

  /** Drops every entry when `height` differs from the head the entries were computed at. */
  observeHead(height: bigint): void {
    if (this.head === height) return;
    this.head = height;
    this.entries.clear();
  }

  /** The answer for `key` at `height`, loading it once per head. Failed loads are not kept. */
  get<T>(height: bigint, key: string, load: () => Promise<T>): Promise<T> {
    this.observeHead(height);
    const cached = this.entries.get(key);
    if (cached !== undefined) {
      this.hits++;
      return cached as Promise<T>;
    }
    this.misses++;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const loading = load();
    this.entries.set(key, loading);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }
}

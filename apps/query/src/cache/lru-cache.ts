// A bounded least-recently-used map for answers that never change once known (blocks by hash,
// receipts of included txs, code by hash), with hit/miss counts for the hit-rate measurement.

export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly size: number;
}

export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  private hits = 0;
  private misses = 0;

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('LruCache capacity must be ≥ 1');
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }

  /** The cached value, or the loaded one (cached unless it is `undefined`/`null`: unknown today may exist tomorrow). */
  async getOrLoad(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const loaded = await load();
    if (loaded !== null) this.set(key, loaded);
    return loaded;
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }
}

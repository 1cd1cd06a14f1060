// A bounded least-recently-used map for answers that never change once known (blocks by hash,
// receipts of included txs, code by hash), with hit/miss counts for the hit-rate measurement.

export interface CacheStats {
  readonly hits: number;
  readonly misses: number;
  readonly size: number;
}

export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly loading = new Map<K, Promise<V | null>>();
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

  /**
   * The cached value, or the loaded one (cached unless it is `undefined`/`null`: unknown today may exist
   * tomorrow). Concurrent misses of one key share one load, so a burst of identical reads asks once; a
   * read that joins a load in flight counts as a hit, as in HeadCache: it costs no load of its own.
   */
  getOrLoad(key: K, load: () => Promise<V | null>): Promise<V | null> {
    const inFlight = this.loading.get(key);
    if (inFlight !== undefined) {
      this.hits++;
      return inFlight;
    }
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const loading = load()
      .then((loaded) => {
        if (loaded !== null) this.set(key, loaded);
        return loaded;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loading);
    return loading;
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, size: this.entries.size };
  }
}

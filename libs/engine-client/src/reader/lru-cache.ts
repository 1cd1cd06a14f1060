// A bounded least-recently-used map (a Map's insertion order is the recency order) for answers that never
// change once known — blocks, blooms, logs, receipts of included txs, code by hash — with hit/miss counts.
// Bounded in entries, or in weight (e.g. bytes) when given a `weigh` function.

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
  private weight = 0;

  /**
   * `capacity` 0 keeps nothing (caching off). With `weigh`, `capacity` bounds the sum of the entries'
   * weights instead of their count; an entry heavier than the whole capacity is not kept.
   */
  constructor(
    readonly capacity: number,
    private readonly weigh?: (value: V) => number,
  ) {
    if (!Number.isInteger(capacity) || capacity < 0)
      throw new Error('LruCache capacity must be an integer ≥ 0');
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    if (this.capacity === 0) return;
    this.delete(key);
    const weight = this.weigh?.(value) ?? 1;
    if (weight > this.capacity) return;
    this.entries.set(key, value);
    this.weight += weight;
    while (this.weight > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined || !this.entries.delete(key)) return;
    // Cached values never change, so weighing again gives the weight they were added with.
    this.weight -= this.weigh?.(value) ?? 1;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value, or the loaded one (cached unless null: unknown today may exist tomorrow).
   * Concurrent misses of one key share one load; a read that joins a load in flight counts as a hit.
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

import { HeadCache } from './head-cache';
import { LruCache } from './lru-cache';

describe(LruCache.name, () => {
  it('default: keeps at most capacity entries, evicting the least recently used', () => {
    const cache = new LruCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.stats()).toEqual({ hits: 3, misses: 1, size: 2 });
  });

  it('behavior: getOrLoad caches found values but not null', async () => {
    const cache = new LruCache<string, number>(4);
    let loads = 0;
    const load = (value: number | null) => () => {
      loads++;
      return Promise.resolve(value);
    };
    expect(await cache.getOrLoad('x', load(null))).toBeNull();
    expect(await cache.getOrLoad('x', load(7))).toBe(7);
    expect(await cache.getOrLoad('x', load(8))).toBe(7);
    expect(loads).toBe(2);
  });

  it('behavior: concurrent misses of one key share one load; a failed load is not kept', async () => {
    const cache = new LruCache<string, number>(4);
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setImmediate(() => resolve(++loads)));
    expect(await Promise.all([cache.getOrLoad('k', slow), cache.getOrLoad('k', slow)])).toEqual([1, 1]);
    expect(loads).toBe(1);
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, size: 1 });
    await expect(cache.getOrLoad('e', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.getOrLoad('e', () => Promise.resolve(9))).toBe(9);
  });
});

describe(HeadCache.name, () => {
  it('default: one load per key per head; a new head drops everything', async () => {
    const cache = new HeadCache();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cache.get(5n, 'k', load)).toBe(1);
    expect(await cache.get(5n, 'k', load)).toBe(1);
    expect(await cache.get(6n, 'k', load)).toBe(2);
    expect(cache.stats()).toEqual({ hits: 1, misses: 2, size: 1 });
  });

  it('behavior: concurrent misses share one load; a failed load is retried', async () => {
    const cache = new HeadCache();
    let loads = 0;
    const slow = () => new Promise<number>((resolve) => setImmediate(() => resolve(++loads)));
    const [a, b] = await Promise.all([cache.get(1n, 'k', slow), cache.get(1n, 'k', slow)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get(1n, 'e', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(1n, 'e', () => Promise.resolve(9))).toBe(9);
  });
});

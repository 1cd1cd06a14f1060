import { LruCache } from './lru-cache';

describe(LruCache.name, () => {
  it('default: evicts the least recently used entry and counts hits and misses', () => {
    const cache = new LruCache<number, string>(2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    expect(cache.get(1)).toBe('a');
    cache.set(3, 'c');
    expect(cache.get(2)).toBeUndefined();
    expect([cache.get(1), cache.get(3)]).toEqual(['a', 'c']);
    expect(cache.stats()).toEqual({
      hits: 3,
      misses: 1,
      size: 2,
    });
  });

  it('args: capacity 0 keeps nothing', () => {
    const cache = new LruCache<number, string>(0);
    cache.set(1, 'a');
    expect(cache.get(1)).toBeUndefined();
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

  it('behavior: with a weight, the least recently used entries go until the weights fit; one too heavy is not kept', () => {
    const cache = new LruCache<string, string>(10, (value) => value.length);
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.get('a');
    cache.set('c', 'xxx');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['xxxx', undefined, 'xxx']);
    cache.set('a', 'x');
    cache.set('d', 'xxxxxx');
    expect(cache.size).toBe(3);
    cache.set('e', 'x'.repeat(11));
    expect(cache.get('e')).toBeUndefined();
    expect(cache.size).toBe(3);
  });
});

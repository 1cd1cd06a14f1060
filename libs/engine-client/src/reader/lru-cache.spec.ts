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
    expect({ hits: cache.hits, misses: cache.misses, size: cache.size }).toEqual({
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
});

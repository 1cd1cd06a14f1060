import { HeadCache } from './head-cache';

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

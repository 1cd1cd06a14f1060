import { TxCache } from './tx-cache';

describe(TxCache.name, () => {
  it('default: a hash is accepted once', () => {
    const cache = new TxCache();
    expect(cache.push('A')).toBe(true);
    expect(cache.push('A')).toBe(false);
  });

  it('behavior: removed and evicted hashes are accepted again', () => {
    const cache = new TxCache(2);
    cache.push('A');
    cache.remove('A');
    expect(cache.push('A')).toBe(true);
    cache.push('B');
    cache.push('C');
    expect(cache.push('A')).toBe(true);
    expect(cache.push('C')).toBe(false);
  });
});

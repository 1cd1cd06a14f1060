import { backoffDelay } from './backoff';

describe(backoffDelay.name, () => {
  const opts = { initialMs: 100, maxMs: 1_000, random: () => 0.5 };

  it('default: doubles from the initial delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 50].map((attempt) => backoffDelay(attempt, opts))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('behavior: ±20 % jitter, never above the cap', () => {
    expect(backoffDelay(1, { ...opts, random: () => 0 })).toBe(80);
    expect(backoffDelay(1, { ...opts, random: () => 1 })).toBe(120);
    expect(backoffDelay(10, { ...opts, random: () => 1 })).toBe(1_000);
  });
});

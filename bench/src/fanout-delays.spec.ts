import { fanoutDelays } from './fanout-delays';

describe(fanoutDelays.name, () => {
  it('default: delays from each announcement, the last subscriber per head, and what never came', () => {
    const announced = [
      [10, 1_000],
      [11, 2_000],
    ] as const;
    const received = new Map([
      [10, [1_010, 1_030]],
      [11, [2_020]],
    ]);
    expect(fanoutDelays(announced, received, 2)).toEqual({ p50: 20, p99: 30, last: 30, missing: 1 });
  });

  it('behavior: nothing received is NaN delays and every delivery missing', () => {
    const result = fanoutDelays([[1, 0]], new Map(), 3);
    expect(result.missing).toBe(3);
    expect(Number.isNaN(result.p50)).toBe(true);
  });
});

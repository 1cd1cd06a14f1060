// Unit tests for the bench's arithmetic: medians and per-round ratios to the baseline.
import { type RoundSample, median, perRoundRatios, spread, summarize, summarizeCpu } from './stats';

function sample(round: number, reqPerSec: number, extra: Partial<RoundSample> = {}): RoundSample {
  return { round, reqPerSec, p50Ms: 1, p99Ms: 2, non2xx: 0, errors: 0, rpcErrors: 0, ...extra };
}

describe(median.name, () => {
  it('default', () => {
    expect(median([3, 1, 2])).toBe(2);
  });

  it('behavior: an even count gives the mean of the middle two', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('behavior: one value is its own median and the input is not reordered', () => {
    const values = [5, 1, 9];
    expect(median([7])).toBe(7);
    expect(median(values)).toBe(5);
    expect(values).toEqual([5, 1, 9]);
  });

  it('error: no values', () => {
    expect(() => median([])).toThrow(RangeError);
  });

  it('error: a NaN', () => {
    expect(() => median([1, Number.NaN, 2])).toThrow(RangeError);
  });
});

describe(spread.name, () => {
  it('default', () => {
    expect(spread([0.7, 0.5, 0.6])).toEqual({ median: 0.6, min: 0.5, max: 0.7, count: 3 });
  });

  it('behavior: no values give undefined', () => {
    expect(spread([])).toBeUndefined();
  });
});

describe(perRoundRatios.name, () => {
  it('default', () => {
    const target = [sample(1, 50), sample(2, 30), sample(3, 80)];
    const echo = [sample(1, 100), sample(2, 50), sample(3, 100)];
    expect(perRoundRatios(target, echo)).toEqual([0.5, 0.6, 0.8]);
  });

  it('behavior: pairs samples by round, not by position, and returns them in round order', () => {
    const target = [sample(3, 80), sample(1, 50)];
    const echo = [sample(1, 100), sample(2, 999), sample(3, 100)];
    expect(perRoundRatios(target, echo)).toEqual([0.5, 0.8]);
  });

  it('behavior: rounds the baseline missed or saw no traffic in are left out', () => {
    const target = [sample(1, 50), sample(2, 30), sample(3, 80)];
    const echo = [sample(1, 100), sample(3, 0)];
    expect(perRoundRatios(target, echo)).toEqual([0.5]);
  });

  it('error: two samples for one round', () => {
    expect(() => perRoundRatios([sample(1, 1), sample(1, 2)], [sample(1, 1)])).toThrow(/round 1/);
    expect(() => perRoundRatios([sample(1, 1)], [sample(1, 1), sample(1, 2)])).toThrow(/baseline/);
  });
});

describe(summarize.name, () => {
  it('default', () => {
    const target = [
      sample(1, 500, { p50Ms: 3, p99Ms: 30, errors: 1 }),
      sample(2, 700, { p50Ms: 1, p99Ms: 10, non2xx: 2 }),
      sample(3, 600, { p50Ms: 2, p99Ms: 90, rpcErrors: 3 }),
    ];
    const echo = [sample(1, 1000), sample(2, 1000), sample(3, 1200)];
    expect(summarize(target, echo)).toEqual({
      rounds: 3,
      reqPerSec: 600,
      p50Ms: 2,
      p99Ms: 30,
      non2xx: 2,
      errors: 1,
      rpcErrors: 3,
      ratio: { median: 0.5, min: 0.5, max: 0.7, count: 3 },
    });
  });

  it('behavior: the headline ratio is the median of per-round ratios, not a ratio of medians', () => {
    // A steal burst in round 2 halves both sides; per-round ratios stay at 0.5.
    const target = [sample(1, 500), sample(2, 250), sample(3, 500)];
    const echo = [sample(1, 1000), sample(2, 500), sample(3, 1000)];
    expect(summarize(target, echo).ratio).toEqual({ median: 0.5, min: 0.5, max: 0.5, count: 3 });
    // Bursts that hit only one side: the ratio of medians (1.25) differs from the median ratio.
    const burst = [sample(1, 1000), sample(2, 400), sample(3, 400)];
    expect(summarize(target, burst).reqPerSec / summarize(burst).reqPerSec).toBe(1.25);
    expect(summarize(target, burst).ratio?.median).toBe(0.625);
  });

  it('behavior: no baseline, or no round in common with it, gives no ratio', () => {
    expect(summarize([sample(1, 5)]).ratio).toBeUndefined();
    expect(summarize([sample(2, 5)], [sample(1, 10)]).ratio).toBeUndefined();
  });

  it('error: no samples', () => {
    expect(() => summarize([], [sample(1, 1)])).toThrow(RangeError);
  });
});

describe(summarizeCpu.name, () => {
  const round = (n: number, cpu?: RoundSample['cpu']): RoundSample => ({
    round: n,
    reqPerSec: 100,
    p50Ms: 1,
    p99Ms: 2,
    non2xx: 0,
    errors: 0,
    rpcErrors: 0,
    ...(cpu === undefined ? {} : { cpu }),
  });

  it('default: per process, the median and range of its per-round µs per request', () => {
    const summaries = summarizeCpu([
      round(1, [
        { role: 'gateway', usPerRequest: 100 },
        { role: 'devnet thread', within: 'photon start', usPerRequest: 300 },
      ]),
      round(2, [{ role: 'gateway', usPerRequest: 80 }]),
      round(3, [{ role: 'gateway', usPerRequest: 90 }]),
    ]);
    expect(summaries).toEqual([
      { role: 'gateway', usPerRequest: { median: 90, min: 80, max: 100, count: 3 } },
      {
        role: 'devnet thread',
        within: 'photon start',
        usPerRequest: { median: 300, min: 300, max: 300, count: 1 },
      },
    ]);
    expect(summarize([round(1, [{ role: 'gateway', usPerRequest: 7 }])]).cpu).toEqual([
      { role: 'gateway', usPerRequest: { median: 7, min: 7, max: 7, count: 1 } },
    ]);
  });

  it('behavior: rounds without CPU readings give none', () => {
    expect(summarizeCpu([round(1), round(2)])).toEqual([]);
    expect(summarize([round(1)])).not.toHaveProperty('cpu');
  });
});

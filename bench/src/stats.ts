// Pure arithmetic over the per-round measurements: medians, and ratios to the baseline computed
// round by round, so a burst of CPU steal that slows one round slows both sides of its ratio.
import { type CpuCost } from './proc-stat';

/** What one measurement of one target × workload produced. */
export interface Sample {
  /** autocannon's mean of per-second samples, the "Req/Sec Avg" of its own table. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /** Connection errors, including timeouts. */
  errors: number;
  /** 2xx replies whose body carried a JSON-RPC error. */
  rpcErrors: number;
  /** Requests completed in the measured window. */
  requests?: number;
  /** Each process's CPU µs per completed request over the window, when the target's were read. */
  cpu?: CpuCost[];
  /**
   * The load generator's CPU µs per completed request over the same window (autocannon, in the bench's own
   * process): not the target's, but it shares the box's cores with it.
   */
  loadCpu?: number;
}

/** A sample tagged with the round (1-based) it was measured in. */
export interface RoundSample extends Sample {
  round: number;
}

/** The median of a set of values with how far they spread. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  /** How many values it summarizes. */
  count: number;
}

/** One target × workload over all its rounds. */
export interface Summary {
  /** Rounds measured. */
  rounds: number;
  /** Medians across rounds. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Sums across rounds. */
  non2xx: number;
  errors: number;
  rpcErrors: number;
  /** Per-round req/s ratios to the baseline; undefined when no round had a baseline to divide by. */
  ratio?: Spread;
  /** Each process's CPU µs per request across rounds; absent when none was read. */
  cpu?: CpuSummary[];
  /** The load generator's CPU µs per request across rounds; absent when not read. */
  loadCpu?: Spread;
}

/** One process's (or thread's) CPU µs per request over the rounds that read it. */
export interface CpuSummary {
  role: string;
  /** Set for a thread: the role of the process whose time already includes it. */
  within?: string;
  usPerRequest: Spread;
}

/** The median (mean of the middle two for an even count); throws on an empty list or a NaN. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  if (values.some((v) => Number.isNaN(v))) throw new RangeError('median of a NaN');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/** Median, min and max of `values`, or undefined when there are none. */
/** The `p`-th percentile of ascending `sorted` values (nearest rank), NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN);

export function spread(values: readonly number[]): Spread | undefined {
  if (values.length === 0) return undefined;
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), count: values.length };
}

function byRound(samples: readonly RoundSample[], what: string): Map<number, RoundSample> {
  const rounds = new Map<number, RoundSample>();
  for (const s of samples) {
    if (rounds.has(s.round)) throw new Error(`${what} has two samples for round ${s.round}`);
    rounds.set(s.round, s);
  }
  return rounds;
}

/**
 * target req/s ÷ baseline req/s for every round both were measured in, in round order; rounds
 * where either side is missing or the baseline saw no traffic are left out.
 */
export function perRoundRatios(target: readonly RoundSample[], baseline: readonly RoundSample[]): number[] {
  const base = byRound(baseline, 'the baseline');
  return [...byRound(target, 'the target').values()]
    .sort((a, b) => a.round - b.round)
    .flatMap((s) => {
      const b = base.get(s.round);
      return b === undefined || !(b.reqPerSec > 0) ? [] : [s.reqPerSec / b.reqPerSec];
    });
}

/** Per process, in the order first read, the median and range of its per-round µs per request. */
export function summarizeCpu(samples: readonly RoundSample[]): CpuSummary[] {
  const byRole = new Map<string, { within?: string; values: number[] }>();
  for (const cost of samples.flatMap((s) => s.cpu ?? [])) {
    const entry = byRole.get(cost.role) ?? {
      ...(cost.within === undefined ? {} : { within: cost.within }),
      values: [],
    };
    entry.values.push(cost.usPerRequest);
    byRole.set(cost.role, entry);
  }
  return [...byRole].flatMap(([role, { within, values }]) => {
    const usPerRequest = spread(values);
    if (usPerRequest === undefined) return [];
    return [within === undefined ? { role, usPerRequest } : { role, within, usPerRequest }];
  });
}

/** Medians and sums of one target × workload's samples, with its per-round ratio to `baseline`. */
export function summarize(samples: readonly RoundSample[], baseline?: readonly RoundSample[]): Summary {
  if (samples.length === 0) throw new RangeError('no samples to summarize');
  const sum = (pick: (s: Sample) => number): number => samples.reduce((acc, s) => acc + pick(s), 0);
  const ratio = baseline === undefined ? undefined : spread(perRoundRatios(samples, baseline));
  const cpu = summarizeCpu(samples);
  const loadCpu = spread(samples.flatMap((s) => (s.loadCpu === undefined ? [] : [s.loadCpu])));
  return {
    ...(cpu.length === 0 ? {} : { cpu }),
    ...(loadCpu === undefined ? {} : { loadCpu }),
    rounds: samples.length,
    reqPerSec: median(samples.map((s) => s.reqPerSec)),
    p50Ms: median(samples.map((s) => s.p50Ms)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    non2xx: sum((s) => s.non2xx),
    errors: sum((s) => s.errors),
    rpcErrors: sum((s) => s.rpcErrors),
    ...(ratio === undefined ? {} : { ratio }),
  };
}

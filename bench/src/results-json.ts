// The run as JSON under bench/results/: settings, every row with its per-round samples and ratios,
// the RSS series and the problems, so runs can be compared or charted later without rerunning.
import { type BenchOptions } from './options';
import { type Row } from './report';
import { type RssSeries, rssGrowth } from './rss';
import { type CpuSummary, type RoundSample, type Spread } from './stats';

export interface ResultTarget {
  name: string;
  kind: 'baseline' | 'photon' | 'peer';
  /** Why it is missing, when it did not start. */
  missing?: string;
}

export interface ResultRow {
  workload: string;
  target: string;
  /** JSON-RPC calls per HTTP request. */
  calls: number;
  failure?: string;
  missing?: boolean;
  /** Medians across rounds; absent when the row was never measured. */
  reqPerSec?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** Per-round req/s ratio to the baseline. */
  ratioToBaseline?: Spread;
  /** Per-round req/s ratio to each peer, by peer name (Photon's rows only). */
  ratioToPeer?: Record<string, Spread>;
  non2xx?: number;
  errors?: number;
  rpcErrors?: number;
  /** Each process's CPU µs per request (median and range over rounds); per round in `samples[].cpu`. */
  cpu?: CpuSummary[];
  /** The load generator's CPU µs per request (median and range over rounds); per round in `samples[].loadCpu`. */
  loadCpu?: Spread;
  samples: RoundSample[];
}

export interface BenchResult {
  /** Bumped when a field changes meaning. */
  schema: 1;
  startedAt: string;
  finishedAt: string;
  machine: string;
  command: string;
  settings: BenchOptions;
  baseline?: string;
  targets: ResultTarget[];
  rows: ResultRow[];
  rss: (RssSeries & { growth?: number })[];
  problems: string[];
}

export interface ResultInput {
  startedAt: Date;
  finishedAt: Date;
  machine: string;
  command: string;
  settings: BenchOptions;
  baseline: string | undefined;
  targets: readonly ResultTarget[];
  rows: readonly Row[];
  /** Per-round samples of each row, by `${target}\u0000${workload}`. */
  samples: ReadonlyMap<string, readonly RoundSample[]>;
  rss: readonly RssSeries[];
  problems: readonly string[];
}

export const sampleKey = (target: string, workload: string): string => `${target}\u0000${workload}`;

function resultRow(row: Row, samples: readonly RoundSample[]): ResultRow {
  const out: ResultRow = {
    workload: row.workload.name,
    target: row.target,
    calls: row.workload.calls,
    samples: [...samples],
  };
  if (row.failure !== undefined) out.failure = row.failure;
  if (row.missing === true) out.missing = true;
  const s = row.summary;
  if (s !== undefined) {
    Object.assign(out, {
      reqPerSec: s.reqPerSec,
      p50Ms: s.p50Ms,
      p99Ms: s.p99Ms,
      non2xx: s.non2xx,
      errors: s.errors,
      rpcErrors: s.rpcErrors,
    });
    if (s.ratio !== undefined) out.ratioToBaseline = s.ratio;
    if (s.cpu !== undefined) out.cpu = s.cpu;
    if (s.loadCpu !== undefined) out.loadCpu = s.loadCpu;
  }
  if (row.versus !== undefined && row.versus.length > 0)
    out.ratioToPeer = Object.fromEntries(row.versus.map((v) => [v.peer, v.ratio]));
  return out;
}

export function benchResult(input: ResultInput): BenchResult {
  return {
    schema: 1,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    machine: input.machine,
    command: input.command,
    settings: input.settings,
    ...(input.baseline === undefined ? {} : { baseline: input.baseline }),
    targets: [...input.targets],
    rows: input.rows.map((r) => resultRow(r, input.samples.get(sampleKey(r.target, r.workload.name)) ?? [])),
    rss: input.rss.map((s) => {
      const growth = rssGrowth(s);
      return growth === undefined ? { ...s } : { ...s, growth };
    }),
    problems: [...input.problems],
  };
}

/** `bench-2026-11-25T13-05-09Z`: sortable, and safe in any file system. */
export function resultFileStem(at: Date): string {
  return `bench-${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}`;
}

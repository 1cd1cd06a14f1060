// Formats what the bench prints: the machine and command, the results table (medians across
// rounds, median and range of the per-round ratios to the baseline), and the goals' PASS/FAIL (goals.ts).
import { cpus, platform, release, totalmem } from 'node:os';
import { relative } from 'node:path';

import { type LoadSettings, connectionsFor } from './measure';
import { type Cell, type RoundPlan } from './rounds';
import { type RoundSample, type Spread, type Summary, perRoundRatios, spread, summarize } from './stats';
import { type Workload } from './workloads';
import { textTable } from './text-table';

/** The machine, so numbers are never read without knowing where they came from. */
export function machineDescription(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown cpu';
  const memGiB = (totalmem() / 2 ** 30).toFixed(1);
  return `${cores.length} cpus (${model}), ${memGiB} GiB, ${platform()} ${release()}, node ${process.version}`;
}

export const machineLine = (): string => `machine: ${machineDescription()}`;

/** The command line as typed, with the BENCH_* variables that were set. */
export function commandText(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('BENCH_') || k === 'PHOTON_TEST_NATS_URL')
    .sort()
    .map((k) => `${k}=${env[k] ?? ''}`);
  const script = argv[1] === undefined ? '' : relative(process.cwd(), argv[1]) || argv[1];
  return [...vars, 'node', script, ...argv.slice(2)].join(' ');
}

export const commandLine = (argv: readonly string[], env: NodeJS.ProcessEnv): string =>
  `command: ${commandText(argv, env)}`;

export function settingsLine(s: RoundPlan): string {
  const rounds = `${s.rounds} interleaved round${s.rounds === 1 ? '' : 's'}`;
  const warmup = s.warmupS > 0 ? `, warm-up ${s.warmupS} s per row in round 1` : ', no warm-up';
  return `load: autocannon, ${s.connections} connections, pipelining ${s.pipelining}; ${rounds} of ${s.durationS} s per row${warmup}`;
}

/** The workloads measured with fewer connections than --connections, or undefined when none is. */
export function connectionCapsLine(workloads: readonly Workload[], s: LoadSettings): string | undefined {
  const capped = workloads
    .filter((w) => connectionsFor(w, s) < s.connections)
    .map((w) => `${w.name} ${connectionsFor(w, s)}`);
  return capped.length === 0 ? undefined : `connections capped per workload (echo too): ${capped.join(', ')}`;
}

/** One target × workload as printed. */
export interface Row {
  target: string;
  workload: Workload;
  /** Set when the preflight failed or the target is missing. */
  failure?: string;
  missing?: boolean;
  /** Undefined when the row was never measured (a failed preflight or a dead target). */
  summary?: Summary;
  /**
   * Per-round req/s ratios to each peer's row of the same workload, for the rows of Photon's targets
   * (neither the baseline nor a peer); a peer that was not measured has no entry.
   */
  versus?: { peer: string; ratio: Spread }[];
}

/**
 * Medians across rounds and the per-round ratios to `baseline`'s cell of the same workload, and for
 * every other target that is not a peer, to each of `peers`' cells. Rows come workload by workload,
 * targets in the given order within each, so the rows compared sit together.
 */
export function summarizeCells(
  cells: readonly Cell[],
  baseline: string | undefined,
  peers: readonly string[] = [],
): Row[] {
  const measured = new Map<string, RoundSample[]>();
  const key = (target: string, workload: string): string => `${target}\u0000${workload}`;
  for (const c of cells) {
    if (c.failure === undefined && c.samples.length > 0)
      measured.set(key(c.target, c.workload.name), c.samples);
  }
  const workloads = [...new Set(cells.map((c) => c.workload.name))];
  const ordered = workloads.flatMap((w) => cells.filter((c) => c.workload.name === w));
  return ordered.map((c) => {
    const row: Row = { target: c.target, workload: c.workload };
    if (c.failure !== undefined) row.failure = c.failure;
    if (c.missing === true) row.missing = true;
    if (c.failure !== undefined || c.samples.length === 0) return row;
    const base = baseline === undefined ? undefined : measured.get(key(baseline, c.workload.name));
    row.summary = summarize(c.samples, base);
    if (peers.length > 0 && c.target !== baseline && !peers.includes(c.target)) {
      row.versus = peers.flatMap((peer) => {
        const theirs = measured.get(key(peer, c.workload.name));
        const ratio = theirs === undefined ? undefined : spread(perRoundRatios(c.samples, theirs));
        return ratio === undefined ? [] : [{ peer, ratio }];
      });
    }
    return row;
  });
}

const num = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Two significant digits at least: ratios to a fast peer can be 0.01×, to a slow one 100×. */
export function formatRatio(ratio: number): string {
  if (ratio >= 10) return ratio.toFixed(0);
  if (ratio >= 0.1) return ratio.toFixed(2);
  return ratio.toPrecision(2);
}

/** The text table of every row; with `peers`, one more column per peer with Photon's ratio to it. */
export function resultsTable(
  rows: readonly Row[],
  baseline: string | undefined,
  peers: readonly string[] = [],
): string {
  const header = [
    'workload',
    'target',
    'req/s',
    'calls/s',
    'p50 ms',
    'p99 ms',
    `× ${baseline ?? 'baseline'}`,
    'min–max',
    ...peers.map((p) => `× ${p}`),
    'non-2xx',
    'errors',
    'rpc errors',
  ];
  const cells = rows.map((row) => {
    const s = row.summary;
    if (s === undefined) {
      const why = row.missing === true ? 'MISSING' : row.failure === undefined ? 'no data' : 'FAILED';
      return [row.workload.name, row.target, why];
    }
    const r = s.ratio;
    const versus = peers.map((peer) => {
      const v = row.versus?.find((x) => x.peer === peer);
      return v === undefined ? '-' : `${formatRatio(v.ratio.median)}×`;
    });
    return [
      row.workload.name,
      row.target,
      num(s.reqPerSec),
      num(s.reqPerSec * row.workload.calls),
      num(s.p50Ms, 2),
      num(s.p99Ms, 2),
      r === undefined ? '-' : `${formatRatio(r.median)}×`,
      r === undefined ? '-' : `${formatRatio(r.min)}–${formatRatio(r.max)}`,
      ...versus,
      num(s.non2xx),
      num(s.errors),
      num(s.rpcErrors),
    ];
  });
  // Text columns left-aligned, numbers right-aligned.
  return textTable(header, cells);
}

/** Lines for `problems`: rows whose requests saw errors, summed over rounds. */
export function errorProblems(rows: readonly Row[]): string[] {
  return rows.flatMap(({ target, workload, summary: s }) =>
    s === undefined || s.non2xx + s.errors + s.rpcErrors === 0
      ? []
      : [
          `${target} ${workload.name}: ${s.non2xx} non-2xx, ${s.errors} connection errors, ${s.rpcErrors} JSON-RPC errors (over ${s.rounds} rounds)`,
        ],
  );
}

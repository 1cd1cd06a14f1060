// Formats what the bench prints: the machine and command, the results table (medians across
// rounds, median and range of the per-round ratios to the baseline), and the goals' PASS/FAIL.
import { cpus, platform, release, totalmem } from 'node:os';
import { relative } from 'node:path';

import { type LoadSettings, connectionsFor } from './measure';
import { type Cell, type RoundPlan } from './rounds';
import { type RoundSample, type Summary, summarize } from './stats';
import { type Workload } from './workloads';

/** The machine, so numbers are never read without knowing where they came from. */
export function machineLine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown cpu';
  const memGiB = (totalmem() / 2 ** 30).toFixed(1);
  return `machine: ${cores.length} cpus (${model}), ${memGiB} GiB, ${platform()} ${release()}, node ${process.version}`;
}

/** The command line as typed, with the BENCH_* variables that were set. */
export function commandLine(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('BENCH_') || k === 'PHOTON_TEST_NATS_URL')
    .sort()
    .map((k) => `${k}=${env[k] ?? ''}`);
  const script = argv[1] === undefined ? '' : relative(process.cwd(), argv[1]) || argv[1];
  return `command: ${[...vars, 'node', script, ...argv.slice(2)].join(' ')}`;
}

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
  /** Set when the preflight failed. */
  failure?: string;
  /** Undefined when the row was never measured (a failed preflight or a dead target). */
  summary?: Summary;
}

/** Medians across rounds and the per-round ratios to `baseline`'s cell of the same workload. */
export function summarizeCells(cells: readonly Cell[], baseline: string | undefined): Row[] {
  const base = new Map<string, RoundSample[]>();
  for (const c of cells) {
    if (c.target === baseline && c.failure === undefined) base.set(c.workload.name, c.samples);
  }
  return cells.map((c) => {
    const row: Row = { target: c.target, workload: c.workload };
    if (c.failure !== undefined) row.failure = c.failure;
    else if (c.samples.length > 0) row.summary = summarize(c.samples, base.get(c.workload.name));
    return row;
  });
}

const num = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function resultsTable(rows: readonly Row[], baseline: string | undefined): string {
  const header = [
    'target',
    'workload',
    'req/s',
    'calls/s',
    'p50 ms',
    'p99 ms',
    `× ${baseline ?? 'baseline'}`,
    'min–max',
    'non-2xx',
    'errors',
    'rpc errors',
  ];
  const cells = rows.map((row) => {
    const s = row.summary;
    if (s === undefined)
      return [row.target, row.workload.name, row.failure === undefined ? 'no data' : 'FAILED'];
    const r = s.ratio;
    return [
      row.target,
      row.workload.name,
      num(s.reqPerSec),
      num(s.reqPerSec * row.workload.calls),
      num(s.p50Ms, 2),
      num(s.p99Ms, 2),
      r === undefined ? '-' : `${r.median.toFixed(2)}×`,
      r === undefined ? '-' : `${r.min.toFixed(2)}–${r.max.toFixed(2)}`,
      num(s.non2xx),
      num(s.errors),
      num(s.rpcErrors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => (row[i] ?? '').length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (texts: readonly string[]): string =>
    texts
      .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
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

/** One PASS/FAIL/SKIP line per goal of each target, judged on the median per-round ratio. */
export function goalLines(
  targets: readonly { name: string; goals?: Partial<Record<string, number>> }[],
  rows: readonly Row[],
  baseline: string | undefined,
): string[] {
  const lines: string[] = [];
  for (const target of targets) {
    for (const [workload, goal] of Object.entries(target.goals ?? {})) {
      if (goal === undefined) continue;
      const what = `${target.name} ${workload} ≥ ${goal.toFixed(2)}× ${baseline ?? 'baseline'}`;
      const s = rows.find((x) => x.target === target.name && x.workload.name === workload)?.summary;
      const r = s?.ratio;
      if (s === undefined) lines.push(`SKIP ${what}: not measured`);
      else if (r === undefined) lines.push(`SKIP ${what}: no baseline measured in this run`);
      else {
        const range = `${r.min.toFixed(2)}–${r.max.toFixed(2)}`;
        const of = `median of ${r.count} round${r.count === 1 ? '' : 's'}, ${range}`;
        lines.push(`${r.median >= goal ? 'PASS' : 'FAIL'} ${what}: ${r.median.toFixed(2)}× (${of})`);
      }
    }
  }
  return lines;
}

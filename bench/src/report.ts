// Formats what the bench prints: the machine and command, the results table with ratios to the
// baseline, and the PASS/FAIL lines for each target's goals.
import { cpus, platform, release, totalmem } from 'node:os';
import { relative } from 'node:path';

import { type Measurement, type RunSettings } from './measure';

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

export function settingsLine(s: RunSettings): string {
  return `load: autocannon, ${s.connections} connections, pipelining ${s.pipelining}, warm-up ${s.warmupS} s, measured ${s.durationS} s per row`;
}

/** req/s of the baseline target per workload name. */
export function baselineRates(
  measurements: readonly Measurement[],
  baseline: string | undefined,
): Map<string, number> {
  const rates = new Map<string, number>();
  for (const m of measurements) {
    if (m.target === baseline && m.failure === undefined && m.reqPerSec > 0)
      rates.set(m.workload.name, m.reqPerSec);
  }
  return rates;
}

function ratio(m: Measurement, rates: Map<string, number>): number | undefined {
  const base = rates.get(m.workload.name);
  return base === undefined || m.failure !== undefined ? undefined : m.reqPerSec / base;
}

const num = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export function resultsTable(measurements: readonly Measurement[], baseline: string | undefined): string {
  const rates = baselineRates(measurements, baseline);
  const header = [
    'target',
    'workload',
    'req/s',
    'calls/s',
    'p50 ms',
    'p99 ms',
    `× ${baseline ?? 'baseline'}`,
    'non-2xx',
    'errors',
    'rpc errors',
  ];
  const rows = measurements.map((m) => {
    const r = ratio(m, rates);
    if (m.failure !== undefined) return [m.target, m.workload.name, 'FAILED', '', '', '', '', '', '', ''];
    return [
      m.target,
      m.workload.name,
      num(m.reqPerSec),
      num(m.reqPerSec * m.workload.calls),
      num(m.p50Ms, 2),
      num(m.p99Ms, 2),
      r === undefined ? '-' : `${r.toFixed(2)}×`,
      num(m.non2xx),
      num(m.errors),
      num(m.rpcErrors),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** One PASS/FAIL/SKIP line per goal of each measured target. */
export function goalLines(
  targets: readonly { name: string; goals?: Partial<Record<string, number>> }[],
  measurements: readonly Measurement[],
  baseline: string | undefined,
): string[] {
  const rates = baselineRates(measurements, baseline);
  const lines: string[] = [];
  for (const target of targets) {
    for (const [workload, goal] of Object.entries(target.goals ?? {})) {
      if (goal === undefined) continue;
      const what = `${target.name} ${workload} ≥ ${goal.toFixed(2)}× ${baseline ?? 'baseline'}`;
      const m = measurements.find((x) => x.target === target.name && x.workload.name === workload);
      const r = m === undefined ? undefined : ratio(m, rates);
      if (m === undefined || m.failure !== undefined) lines.push(`SKIP ${what}: not measured`);
      else if (r === undefined) lines.push(`SKIP ${what}: no baseline measured in this run`);
      else lines.push(`${r >= goal ? 'PASS' : 'FAIL'} ${what}: ${r.toFixed(2)}×`);
    }
  }
  return lines;
}

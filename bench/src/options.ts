// Bench settings from flags (--quick counting as one), then BENCH_* env vars, then defaults;
// unknown names fail fast.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  durationS: number;
  warmupS: number;
  connections: number;
  pipelining: number;
  /** Selected target names, in table order. */
  targets: string[];
  /** Selected workload names, in table order. */
  workloads: string[];
}

export const USAGE = `usage: node bench/dist/run.js [options]
  --quick               measure 3 s instead of 10 s
  --duration <s>        measured seconds per run        (BENCH_DURATION, default 10)
  --warmup <s>          warm-up seconds before each run (BENCH_WARMUP, default 2)
  --connections <n>     concurrent connections          (BENCH_CONNECTIONS, default 50)
  --pipelining <n>      requests in flight per conn     (BENCH_PIPELINING, default 1)
  --targets <a,b>       only these targets              (BENCH_TARGETS, default all)
  --workloads <a,b>     only these workloads            (BENCH_WORKLOADS, default all)
  --help`;

/** Thrown for bad flags; run.ts prints it with the usage and exits 2. */
export class UsageError extends Error {}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new UsageError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function names(kind: string, raw: string | undefined, known: readonly string[]): string[] {
  if (raw === undefined || raw === '') return [...known];
  const picked = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = picked.filter((n) => !known.includes(n));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown ${kind} ${unknown.map((n) => `"${n}"`).join(', ')}; known: ${known.join(', ')}`,
    );
  }
  return known.filter((n) => picked.includes(n));
}

/** Returns undefined when --help was asked for. */
export function parseOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  known: { targets: readonly string[]; workloads: readonly string[] },
): BenchOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
        pipelining: { type: 'string' },
        targets: { type: 'string' },
        workloads: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const v = parsed.values;
  if (v.help === true) return undefined;
  return {
    durationS: positive('duration', v.duration ?? (v.quick === true ? '3' : env['BENCH_DURATION']), 10),
    warmupS: positive('warmup', v.warmup ?? env['BENCH_WARMUP'], 2),
    connections: Math.round(positive('connections', v.connections ?? env['BENCH_CONNECTIONS'], 50)),
    pipelining: Math.round(positive('pipelining', v.pipelining ?? env['BENCH_PIPELINING'], 1)),
    targets: names('target', v.targets ?? env['BENCH_TARGETS'], known.targets),
    workloads: names('workload', v.workloads ?? env['BENCH_WORKLOADS'], known.workloads),
  };
}

// Bench settings from flags (--quick counting as one), then BENCH_* env vars, then defaults;
// unknown names fail fast.
import { parseArgs } from 'node:util';

import { CHAIN_HEIGHT } from './bench-chain';

export interface BenchOptions {
  /** Interleaved rounds; every target × workload is measured once per round. */
  rounds: number;
  /** Measured seconds per target × workload per round. */
  durationS: number;
  /** Warm-up seconds per target × workload, in the first round only. */
  warmupS: number;
  connections: number;
  pipelining: number;
  /** Whether the peer nodes (anvil, hardhat, ganache) were asked for with --peers. */
  peers: boolean;
  /** Selected target names, in table order. */
  targets: string[];
  /** Selected workload names, in table order. */
  workloads: string[];
  /** How high the bench chain is made (at least CHAIN_HEIGHT): a taller one for memory over a long chain. */
  chainHeight: number;
}

export const USAGE = `usage: node bench/dist/run.js [options]
Starts every selected target, then measures in interleaved rounds (each round: every workload
against every target), and reports medians across rounds and the median per-round ratio to echo.
  --quick               2 rounds of 3 s instead of 3 rounds of 5 s
  --rounds <n>          interleaved rounds                     (BENCH_ROUNDS, default 3)
  --duration <s>        measured seconds per row per round     (BENCH_DURATION, default 5)
  --warmup <s>          warm-up s per row, round 1 only, 0 ok  (BENCH_WARMUP, default 2)
  --connections <n>     concurrent connections                 (BENCH_CONNECTIONS, default 50)
  --pipelining <n>      requests in flight per conn            (BENCH_PIPELINING, default 1)
  --peers               also the peer nodes anvil, hardhat, ganache (BENCH_PEERS=1)
  --targets <a,b>       only these targets (and with --peers, the peers too)
                                                               (BENCH_TARGETS, default all but peers)
                        relay (the floor of the cluster's parts): only when named
  --workloads <a,b>     only these workloads                   (BENCH_WORKLOADS, default all)
                        public-mix:<method> (eth_call, eth_getBlockByNumber, …): one method
                        of the mix with its mix arguments, only when named
  --chain-height <n>    blocks in the bench chain, ≥ ${CHAIN_HEIGHT}     (BENCH_CHAIN_HEIGHT, default ${CHAIN_HEIGHT})
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

function nonNegative(name: string, raw: string | undefined, fallback: number): number {
  return raw !== undefined && raw.trim() !== '' && Number(raw) === 0 ? 0 : positive(name, raw, fallback);
}

function count(name: string, raw: string | undefined, fallback: number): number {
  const value = positive(name, raw, fallback);
  if (!Number.isInteger(value)) throw new UsageError(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function atLeast(name: string, value: number, floor: number): number {
  if (value < floor) throw new UsageError(`${name} must be at least ${floor}, got ${value}`);
  return value;
}

/** The names picked in `raw` (table order), or `defaults` when none are; unknown names throw. */
function names(
  kind: string,
  raw: string | undefined,
  defaults: readonly string[],
  known: readonly string[] = defaults,
): string[] {
  if (raw === undefined || raw === '') return [...defaults];
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
  known: {
    targets: readonly string[];
    workloads: readonly string[];
    peers?: readonly string[];
    /** Targets measured only when named (not peers: `--peers` does not bring them). */
    namedOnly?: readonly string[];
    /** Workloads measured only when named. */
    extraWorkloads?: readonly string[];
  },
): BenchOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        quick: { type: 'boolean' },
        rounds: { type: 'string' },
        duration: { type: 'string' },
        warmup: { type: 'string' },
        connections: { type: 'string' },
        pipelining: { type: 'string' },
        peers: { type: 'boolean' },
        targets: { type: 'string' },
        workloads: { type: 'string' },
        'chain-height': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const v = parsed.values;
  if (v.help === true) return undefined;
  const quick = v.quick === true;
  const peers = v.peers === true || env['BENCH_PEERS'] === '1';
  const peerNames = known.peers ?? [];
  const namedOnly = known.namedOnly ?? [];
  // Peers are never measured unless named or asked for: each is slow to start and seed.
  const picked = names(
    'target',
    v.targets ?? env['BENCH_TARGETS'],
    known.targets.filter((t) => !peerNames.includes(t) && !namedOnly.includes(t)),
    known.targets,
  );
  return {
    rounds: count('rounds', v.rounds ?? (quick ? '2' : env['BENCH_ROUNDS']), 3),
    durationS: positive('duration', v.duration ?? (quick ? '3' : env['BENCH_DURATION']), 5),
    warmupS: nonNegative('warmup', v.warmup ?? env['BENCH_WARMUP'], 2),
    connections: Math.round(positive('connections', v.connections ?? env['BENCH_CONNECTIONS'], 50)),
    pipelining: Math.round(positive('pipelining', v.pipelining ?? env['BENCH_PIPELINING'], 1)),
    peers,
    targets: known.targets.filter((t) => picked.includes(t) || (peers && peerNames.includes(t))),
    workloads: names('workload', v.workloads ?? env['BENCH_WORKLOADS'], known.workloads, [
      ...known.workloads,
      ...(known.extraWorkloads ?? []),
    ]),
    chainHeight: atLeast(
      'chain-height',
      count('chain-height', v['chain-height'] ?? env['BENCH_CHAIN_HEIGHT'], CHAIN_HEIGHT),
      CHAIN_HEIGHT,
    ),
  };
}

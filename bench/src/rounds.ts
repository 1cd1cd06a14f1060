// Measures every started target × workload in interleaved rounds: each round measures every
// workload against every target back to back, so a target and the baseline it is divided by are
// measured seconds apart, under the same CPU steal, instead of minutes apart.
import { type ManagedProcess } from '@photon/testing';

import { type CpuMeter } from './cpu-meter';
import { type LoadSettings, measure, preflight } from './measure';
import { tail } from './text-tail';
import { type RoundSample } from './stats';
import { type Workload } from './workloads';

/** A target whose processes are up and ready. */
export interface StartedTarget {
  name: string;
  /** Where JSON-RPC POSTs go. */
  url: string;
  /** Whether the preflight checks the reply is the JSON-RPC success the workload expects. */
  checkReplies: boolean;
  processes: readonly ManagedProcess[];
  /** Reads its processes' CPU time around each measured window; absent when /proc cannot tell. */
  cpu?: CpuMeter;
}

export interface RoundPlan extends LoadSettings {
  rounds: number;
  /** Measured seconds per target × workload per round. */
  durationS: number;
  /** Warm-up seconds per target × workload, first round only. */
  warmupS: number;
}

/** Everything measured for one target × workload. */
export interface Cell {
  target: string;
  workload: Workload;
  /** Set when the preflight failed, or the target is missing; such a cell is never measured. */
  failure?: string;
  /** The target did not start (not installed, or failed to start or to seed its chain). */
  missing?: boolean;
  samples: RoundSample[];
}

export interface RoundHooks {
  /** Progress, to stderr. */
  log(line: string): void;
  /** Something that fails the run (exit code 1); printed under `problems`. */
  problem(text: string): void;
  /** Called once the preflights are done (round 0) and after each round's last measurement. */
  roundDone?(round: number): Promise<void>;
}

export interface Step<T, W> {
  /** 1-based. */
  round: number;
  workload: W;
  target: T;
  /** Whether this step warms up first: the first time each target × workload is measured. */
  warmup: boolean;
}

/**
 * The order of measurements: for each round, for each workload, for each target. Targets run in
 * the given order in odd rounds and reversed in even ones, so no target always measures first
 * (or right after the same neighbour) and any drift within a round evens out across rounds.
 */
export function schedule<T, W>(rounds: number, workloads: readonly W[], targets: readonly T[]): Step<T, W>[] {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`rounds must be ≥ 1, got ${rounds}`);
  const steps: Step<T, W>[] = [];
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 === 1 ? targets : [...targets].reverse();
    for (const workload of workloads) {
      for (const target of order) steps.push({ round, workload, target, warmup: round === 1 });
    }
  }
  return steps;
}

/** Preflights every target × workload, then measures the ones that passed in interleaved rounds. */
export async function runRounds(
  targets: readonly StartedTarget[],
  workloads: readonly Workload[],
  plan: RoundPlan,
  hooks: RoundHooks,
): Promise<Cell[]> {
  const key = (t: StartedTarget, w: Workload): string => `${t.name}\u0000${w.name}`;
  const cells = new Map<string, Cell>();
  for (const target of targets) {
    for (const workload of workloads) {
      const problem = await preflight(target.url, workload, target.checkReplies);
      const cell: Cell = { target: target.name, workload, samples: [] };
      if (problem !== undefined) {
        cell.failure = `preflight: ${problem}`;
        hooks.problem(`${target.name} ${workload.name}: ${cell.failure}`);
      }
      cells.set(key(target, workload), cell);
    }
  }

  // A target with a dead process is reported once and measured no further.
  const dead = new Set<string>();
  const alive = (target: StartedTarget): boolean => {
    if (dead.has(target.name)) return false;
    const exited = target.processes.filter((p) => p.hasExited());
    if (exited.length === 0) return true;
    dead.add(target.name);
    hooks.problem(
      `${target.name}: a process exited during the run:\n${tail(exited.map((p) => p.output()).join('\n'), 40)}`,
    );
    return false;
  };

  const steps = schedule(plan.rounds, workloads, targets).filter(
    (s) => cells.get(key(s.target, s.workload))?.failure === undefined,
  );
  const totalS = steps.reduce((acc, s) => acc + plan.durationS + (s.warmup ? plan.warmupS : 0), 0);
  const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
  hooks.log(
    `measuring ${plural(steps.length, 'run')} in ${plural(plan.rounds, 'round')}, about ${Math.ceil(totalS)} s`,
  );
  await hooks.roundDone?.(0);
  let round = 1;
  for (const step of steps) {
    if (step.round !== round) {
      await hooks.roundDone?.(round);
      round = step.round;
    }
    const cell = cells.get(key(step.target, step.workload));
    if (cell === undefined || !alive(step.target)) continue;
    const warmupS = step.warmup ? plan.warmupS : 0;
    hooks.log(
      `[round ${step.round}/${plan.rounds}] [${step.target.name}] ${step.workload.name}: ` +
        `${warmupS > 0 ? `warm-up ${warmupS} s, ` : ''}measuring ${plan.durationS} s`,
    );
    const cpu = step.target.cpu;
    const sample = await measure(step.target.url, step.workload, {
      ...plan,
      warmupS,
      ...(cpu === undefined ? {} : { cpu }),
    });
    cell.samples.push({ round: step.round, ...sample });
  }
  if (steps.length > 0) await hooks.roundDone?.(round);
  for (const target of targets) alive(target);

  return [...cells.values()];
}

// What a failing goal would cost the box, from the run's own readings: the req/s the goal asks for (its ratio
// times what it is compared with), the CPU µs a request the box's cores give at that rate, what the load
// generator takes of it (it shares the cores), and so what the target may spend against what it spends. A
// process, or a thread such as the devnet's, runs on one core at a time: its µs a request caps the target at
// 1e6 ÷ µs req/s whatever the other core does, so the busiest part is named with that cap.
import { type Goal, samplesOf } from './goals';
import { type Cell } from './rounds';
import { median, spread } from './stats';
import { textTable } from './text-table';

/** The budget of one goal: µs a request unless named otherwise. */
export interface GoalBudget {
  readonly goal: Goal;
  /** The target's req/s the goal asks for. */
  readonly neededPerSec: number;
  /** The box's cores at that rate. */
  readonly boxMicros: number;
  readonly loadMicros: number;
  /** What the target spends: every process, threads inside their process. */
  readonly targetMicros: number;
  /** The part (process or thread, a main thread as its process less its threads) that spends most. */
  readonly busiest: { readonly part: string; readonly micros: number };
}

/** Each part's µs per request in one round: a process less the threads read apart ("main thread"). */
function partsOf(
  cpu: readonly { role: string; within?: string; usPerRequest: number }[],
): Map<string, number> {
  const parts = new Map<string, number>();
  for (const c of cpu) if (c.within === undefined) parts.set(c.role, c.usPerRequest);
  for (const c of cpu) {
    if (c.within === undefined) continue;
    parts.set(c.role, c.usPerRequest);
    const process = parts.get(c.within);
    if (process !== undefined) {
      parts.delete(c.within);
      parts.set(`${c.within}, main thread`, process - c.usPerRequest);
    }
  }
  return parts;
}

/** The budget of `goal` from `cells`, or undefined when its rows, CPU or load readings are missing. */
export function goalBudget(goal: Goal, cells: readonly Cell[], cores: number): GoalBudget | undefined {
  const mine = samplesOf(cells, goal.target, goal.workload);
  const versus = spread(samplesOf(cells, goal.versus, goal.workload).map((s) => s.reqPerSec))?.median;
  const load = spread(mine.flatMap((s) => (s.loadCpu === undefined ? [] : [s.loadCpu])))?.median;
  const rounds = mine.flatMap((s) => (s.cpu === undefined || s.cpu.length === 0 ? [] : [partsOf(s.cpu)]));
  if (versus === undefined || load === undefined || rounds.length === 0) return undefined;
  const roles = [...new Set(rounds.flatMap((parts) => [...parts.keys()]))];
  const perPart = roles.map((part) => ({
    part,
    micros: median(rounds.map((parts) => parts.get(part) ?? 0)),
  }));
  const busiest = perPart.reduce((a, b) => (b.micros > a.micros ? b : a));
  const neededPerSec = goal.atLeast * versus;
  return {
    goal,
    neededPerSec,
    boxMicros: (cores * 1e6) / neededPerSec,
    loadMicros: load,
    targetMicros: median(rounds.map((parts) => [...parts.values()].reduce((sum, us) => sum + us, 0))),
    busiest,
  };
}

const us = (micros: number): string => micros.toFixed(0);
const perSec = (rate: number): string => Math.round(rate).toLocaleString('en-US');

/** One row per budget: what the goal needs, what the box gives, what the target spends and its busiest part. */
export function goalBudgetTable(budgets: readonly GoalBudget[]): string | undefined {
  if (budgets.length === 0) return undefined;
  return textTable(
    [
      'goal',
      'needs req/s',
      'box µs',
      'load gen.',
      'left',
      'target spends',
      'busiest part: µs, its one-core cap req/s',
    ],
    budgets.map((b) => [
      `${b.goal.target} ${b.goal.workload} ≥ ${b.goal.atLeast.toFixed(2)}× ${b.goal.versus}`,
      perSec(b.neededPerSec),
      us(b.boxMicros),
      us(b.loadMicros),
      us(b.boxMicros - b.loadMicros),
      us(b.targetMicros),
      `${b.busiest.part}: ${us(b.busiest.micros)}, ${perSec(1e6 / b.busiest.micros)}`,
    ]),
    1,
  );
}

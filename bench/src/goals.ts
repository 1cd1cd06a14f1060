// What Photon is held to, judged in the run that measured it: each goal is one target's req/s on one
// workload as a ratio of another target's (the echo, a peer, or the other topology), taken as the median of
// the per-round ratios, since a target and what it is compared with are measured seconds apart in each
// round. The peer goals are issue 12's targets (and issue 26's for the public-endpoint mix); a goal whose rows were not both measured is skipped.
import type { Cell } from './rounds';
import { type RoundSample, perRoundRatios, spread } from './stats';
import type { WorkloadName } from './workloads';

export interface Goal {
  readonly target: string;
  readonly workload: WorkloadName;
  /** The target whose req/s on the same workload the ratio is taken to. */
  readonly versus: string;
  readonly atLeast: number;
}

const goal = (target: string, workload: WorkloadName, versus: string, atLeast: number): Goal => ({
  target,
  workload,
  versus,
  atLeast,
});

const BOTH = ['in-process', 'cluster'] as const;

export const GOALS: readonly Goal[] = [
  goal('in-process', 'web3_clientVersion', 'echo', 0.6),
  goal('cluster', 'web3_clientVersion', 'echo', 0.35),
  ...BOTH.flatMap((target) => [
    goal(target, 'eth_blockNumber', 'echo', 0.8),
    goal(target, 'eth_getLogs-1000blocks-address', 'hardhat', 1),
    goal(target, 'eth_getLogs-1000blocks-topic', 'hardhat', 1),
    goal(target, 'eth_call-distinct', 'ganache', 3),
    // Issue 26: one repeated eth_call body, answered at the gateway's edge per head.
    goal(target, 'eth_call', 'anvil', 0.8),
    goal(target, 'eth_getBalance', 'hardhat', 2),
    goal(target, 'eth_getTransactionReceipt', 'hardhat', 2),
    // Issue 26: the public-endpoint mix (public-mix.ts).
    goal(target, 'public-mix', 'hardhat', 2),
    goal(target, 'public-mix', 'anvil', 0.5),
  ]),
  goal('in-process', 'eth_call-distinct', 'hardhat', 1.5),
  goal('cluster', 'eth_call-distinct', 'hardhat', 1),
  goal('cluster', 'eth_getBalance-batch100', 'in-process', 0.8),
  // The floor relay, when --targets names it (floor-relay/start-relay.ts): a cluster goal that the same
  // parts miss while doing none of Photon's own work is out of Photon's cluster's reach on that box too.
  goal('relay', 'web3_clientVersion', 'echo', 0.35),
  goal('relay', 'public-mix', 'hardhat', 2),
  goal('relay', 'public-mix', 'anvil', 0.5),
];

/** The samples of `target` on `workload`, or none when it was not measured (missing, preflight failed). */
export const samplesOf = (cells: readonly Cell[], target: string, workload: string): readonly RoundSample[] =>
  cells.find((c) => c.target === target && c.workload.name === workload && c.failure === undefined)
    ?.samples ?? [];

/** A goal as the run judged it: its PASS/FAIL/SKIP line and whether it failed. */
export interface JudgedGoal {
  readonly goal: Goal;
  readonly line: string;
  readonly failed: boolean;
}

/** Each goal whose target was selected, in the order of `goals`, judged on `cells`. */
export function judgedGoals(
  goals: readonly Goal[],
  cells: readonly Cell[],
  selected: readonly string[],
): JudgedGoal[] {
  return goals
    .filter((g) => selected.includes(g.target))
    .map((goal) => {
      const what = `${goal.target} ${goal.workload} ≥ ${goal.atLeast.toFixed(2)}× ${goal.versus}`;
      const skip = (why: string): JudgedGoal => ({ goal, line: `SKIP ${what}: ${why}`, failed: false });
      const mine = samplesOf(cells, goal.target, goal.workload);
      const theirs = samplesOf(cells, goal.versus, goal.workload);
      if (mine.length === 0) return skip('not measured');
      if (theirs.length === 0) return skip(`${goal.versus} not measured`);
      const ratio = spread(perRoundRatios(mine, theirs));
      if (ratio === undefined) return skip('no round measured both');
      const rounds = `median of ${ratio.count} round${ratio.count === 1 ? '' : 's'}`;
      const range = `${ratio.min.toFixed(2)}–${ratio.max.toFixed(2)}`;
      const failed = ratio.median < goal.atLeast;
      const line = `${failed ? 'FAIL' : 'PASS'} ${what}: ${ratio.median.toFixed(2)}× (${rounds}, ${range})`;
      return { goal, line, failed };
    });
}

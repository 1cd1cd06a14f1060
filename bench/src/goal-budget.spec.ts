import { goalBudget, goalBudgetTable } from './goal-budget';
import { type Goal } from './goals';
import type { Cell } from './rounds';
import { type RoundSample } from './stats';
import { single } from './workloads';

const mix = single('public-mix', 'eth_blockNumber');
const round = (n: number, reqPerSec: number, extra: Partial<RoundSample> = {}): RoundSample => ({
  round: n,
  reqPerSec,
  p50Ms: 1,
  p99Ms: 2,
  non2xx: 0,
  errors: 0,
  rpcErrors: 0,
  ...extra,
});
const inProcess = (n: number, total: number, devnet: number, loadCpu: number): RoundSample =>
  round(n, 3_000, {
    loadCpu,
    cpu: [
      { role: 'photon start', usPerRequest: total },
      { role: 'devnet thread', within: 'photon start', usPerRequest: devnet },
    ],
  });
const cells: Cell[] = [
  { target: 'anvil', workload: mix, samples: [round(1, 12_000), round(2, 10_000), round(3, 14_000)] },
  {
    target: 'in-process',
    workload: mix,
    samples: [inProcess(1, 230, 100, 40), inProcess(2, 250, 90, 44), inProcess(3, 240, 95, 42)],
  },
];
const goal: Goal = { target: 'in-process', workload: 'public-mix', versus: 'anvil', atLeast: 0.5 };

describe(goalBudget.name, () => {
  it('default: the rate the goal needs, the box µs at it, less the load generator, against the target', () => {
    const budget = goalBudget(goal, cells, 2);
    expect(budget).toEqual({
      goal,
      neededPerSec: 6_000,
      boxMicros: 2e6 / 6_000,
      loadMicros: 42,
      targetMicros: 240,
      busiest: { part: 'photon start, main thread', micros: 145 },
    });
  });

  it('behavior: no reading of the load generator or of the target CPU, no budget', () => {
    const bare: Cell[] = [cells[0]!, { ...cells[1]!, samples: [round(1, 3_000)] }];
    expect(goalBudget(goal, bare, 2)).toBeUndefined();
    expect(goalBudget({ ...goal, versus: 'hardhat' }, cells, 2)).toBeUndefined();
  });
});

describe(goalBudgetTable.name, () => {
  it('default: one row per budget, the busiest part with its one-core cap', () => {
    const lines = (goalBudgetTable([goalBudget(goal, cells, 2)!]) ?? '').split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(
      /^in-process public-mix ≥ 0\.50× anvil +6,000 +333 +42 +291 +240 +photon start, main thread: 145, 6,897$/,
    );
    expect(goalBudgetTable([])).toBeUndefined();
  });
});

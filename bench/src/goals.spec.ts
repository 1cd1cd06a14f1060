import { type Goal, GOALS, judgedGoals } from './goals';
import type { Cell } from './rounds';
import { single } from './workloads';

const blockNumber = single('eth_blockNumber', 'eth_blockNumber');
const samples = (...reqPerSec: number[]) =>
  reqPerSec.map((value, round) => ({
    round: round + 1,
    reqPerSec: value,
    p50Ms: 1,
    p99Ms: 2,
    non2xx: 0,
    errors: 0,
    rpcErrors: 0,
  }));
const cell = (target: string, ...reqPerSec: number[]): Cell => ({
  target,
  workload: blockNumber,
  samples: samples(...reqPerSec),
});
const goals: Goal[] = [
  { target: 'cluster', workload: 'eth_blockNumber', versus: 'echo', atLeast: 0.8 },
  { target: 'cluster', workload: 'eth_blockNumber', versus: 'hardhat', atLeast: 2 },
  { target: 'cluster', workload: 'eth_blockNumber', versus: 'anvil', atLeast: 1 },
  { target: 'in-process', workload: 'eth_blockNumber', versus: 'echo', atLeast: 0.8 },
];

describe(judgedGoals.name, () => {
  it('default: each goal is the median of the per-round ratios to the target it names', () => {
    const cells = [
      cell('echo', 1000, 2000, 1000),
      cell('cluster', 1000, 1000, 700),
      cell('hardhat', 500, 400, 500),
    ];
    const judged = judgedGoals(goals, cells, ['echo', 'cluster', 'hardhat']);
    expect(judged.map((j) => j.line)).toEqual([
      'FAIL cluster eth_blockNumber ≥ 0.80× echo: 0.70× (median of 3 rounds, 0.50–1.00)',
      'PASS cluster eth_blockNumber ≥ 2.00× hardhat: 2.00× (median of 3 rounds, 1.40–2.50)',
      'SKIP cluster eth_blockNumber ≥ 1.00× anvil: anvil not measured',
    ]);
    expect(judged.map((j) => [j.goal, j.failed])).toEqual([
      [goals[0], true],
      [goals[1], false],
      [goals[2], false],
    ]);
  });

  it('behavior: a target that failed its preflight is not judged', () => {
    const cells: Cell[] = [cell('echo', 1000), { ...cell('cluster'), failure: 'preflight: HTTP 500' }];
    expect(judgedGoals(goals.slice(0, 1), cells, ['echo', 'cluster'])).toEqual([
      { goal: goals[0], line: 'SKIP cluster eth_blockNumber ≥ 0.80× echo: not measured', failed: false },
    ]);
  });

  it('behavior: every goal names targets the bench has', () => {
    const names = new Set(['echo', 'in-process', 'cluster', 'relay', 'anvil', 'hardhat', 'ganache']);
    for (const g of GOALS) expect([names.has(g.target), names.has(g.versus)]).toEqual([true, true]);
  });
});

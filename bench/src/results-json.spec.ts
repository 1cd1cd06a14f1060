// Unit tests for the shape of the run written to bench/results/.
import { type BenchOptions } from './options';
import { summarizeCells } from './report';
import { type Cell } from './rounds';
import { benchResult, resultFileStem, sampleKey } from './results-json';
import { type RoundSample } from './stats';
import { single } from './workloads';

const w = single('w', 'web3_clientVersion');
const samples = (...reqPerSec: number[]): RoundSample[] =>
  reqPerSec.map((r, i) => ({
    round: i + 1,
    reqPerSec: r,
    p50Ms: 1,
    p99Ms: 4,
    non2xx: 0,
    errors: 0,
    rpcErrors: 0,
  }));

const settings: BenchOptions = {
  rounds: 2,
  durationS: 3,
  warmupS: 2,
  connections: 50,
  pipelining: 1,
  peers: true,
  targets: ['echo', 'in-process', 'anvil', 'ganache'],
  workloads: ['w'],
  chainHeight: 1010,
};

describe(benchResult.name, () => {
  const cells: Cell[] = [
    { target: 'echo', workload: w, samples: samples(1000, 1000) },
    { target: 'in-process', workload: w, samples: samples(700, 500) },
    { target: 'anvil', workload: w, samples: samples(1400, 1000) },
    { target: 'ganache', workload: w, failure: 'missing', missing: true, samples: [] },
  ];
  const result = benchResult({
    startedAt: new Date('2026-11-25T13:00:00.123Z'),
    finishedAt: new Date('2026-11-25T13:09:00Z'),
    machine: '2 cpus',
    command: 'node bench/dist/run.js --peers',
    settings,
    baseline: 'echo',
    targets: [
      { name: 'echo', kind: 'baseline' },
      { name: 'in-process', kind: 'photon' },
      { name: 'anvil', kind: 'peer' },
      { name: 'ganache', kind: 'peer', missing: 'Cannot find module ganache' },
    ],
    rows: summarizeCells(cells, 'echo', ['anvil', 'ganache']),
    samples: new Map(cells.map((c) => [sampleKey(c.target, c.workload.name), c.samples])),
    rss: [
      {
        target: 'in-process',
        process: 'photon start',
        pid: 7,
        kib: [
          { round: 0, kib: 100 },
          { round: 1, kib: 200 },
          { round: 2, kib: 220 },
        ],
      },
    ],
    problems: ['ganache: missing: failed to start: Cannot find module ganache'],
  });

  it('default: medians, per-round ratios to the baseline and each peer, and the raw samples', () => {
    expect(result.rows.find((r) => r.target === 'in-process')).toEqual({
      workload: 'w',
      target: 'in-process',
      calls: 1,
      reqPerSec: 600,
      p50Ms: 1,
      p99Ms: 4,
      non2xx: 0,
      errors: 0,
      rpcErrors: 0,
      ratioToBaseline: { median: 0.6, min: 0.5, max: 0.7, count: 2 },
      ratioToPeer: { anvil: { median: 0.5, min: 0.5, max: 0.5, count: 2 } },
      samples: samples(700, 500),
    });
  });

  it('behavior: a missing peer is a row that says so, with no numbers', () => {
    expect(result.rows.find((r) => r.target === 'ganache')).toEqual({
      workload: 'w',
      target: 'ganache',
      calls: 1,
      failure: 'missing',
      missing: true,
      samples: [],
    });
    expect(result.targets.find((t) => t.name === 'ganache')?.missing).toMatch(/Cannot find module/);
  });

  it('behavior: RSS series carry their growth, and the whole result survives JSON', () => {
    expect(result.rss[0]?.growth).toBeCloseTo(0.1);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    expect(result).toMatchObject({ schema: 1, startedAt: '2026-11-25T13:00:00.123Z', baseline: 'echo' });
  });

  it('behavior: the CPU per request of each process, over rounds and per round', () => {
    const withCpu = samples(700, 500).map((s, i) => ({
      ...s,
      requests: 2100 - i * 600,
      cpu: [{ role: 'photon start', usPerRequest: 400 + i * 100 }],
    }));
    const cpuCells: Cell[] = [{ target: 'in-process', workload: w, samples: withCpu }];
    const row = benchResult({
      ...{ startedAt: new Date(0), finishedAt: new Date(0), machine: '', command: '', settings },
      baseline: undefined,
      targets: [{ name: 'in-process', kind: 'photon' }],
      rows: summarizeCells(cpuCells, undefined),
      samples: new Map([[sampleKey('in-process', 'w'), withCpu]]),
      rss: [],
      problems: [],
    }).rows[0];
    expect(row?.cpu).toEqual([
      { role: 'photon start', usPerRequest: { median: 450, min: 400, max: 500, count: 2 } },
    ]);
    expect(row?.samples.map((s) => [s.requests, s.cpu?.[0]?.usPerRequest])).toEqual([
      [2100, 400],
      [1500, 500],
    ]);
  });
});

describe(resultFileStem.name, () => {
  it('default: a sortable UTC timestamp with no colons', () => {
    expect(resultFileStem(new Date('2026-11-25T13:05:09.456Z'))).toBe('bench-2026-11-25T13-05-09Z');
  });
});

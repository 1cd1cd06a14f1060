// Unit tests for the chart's vega-lite spec (rendering it needs vega's ESM build and is left to the bench).
import { chartSpec } from './chart-spec';
import { type BenchResult } from './results-json';

const result: BenchResult = {
  schema: 1,
  startedAt: '2026-11-25T13:00:00.000Z',
  finishedAt: '2026-11-25T13:09:00.000Z',
  machine: '2 cpus (AMD EPYC)',
  command: 'node bench/dist/run.js --peers --quick',
  settings: {
    rounds: 2,
    durationS: 3,
    warmupS: 2,
    connections: 50,
    pipelining: 1,
    peers: true,
    targets: ['echo', 'in-process', 'anvil', 'ganache'],
    workloads: ['a', 'b'],
    chainHeight: 1010,
  },
  targets: [
    { name: 'echo', kind: 'baseline' },
    { name: 'in-process', kind: 'photon' },
    { name: 'anvil', kind: 'peer' },
    { name: 'ganache', kind: 'peer', missing: 'not installed' },
  ],
  rows: [
    { workload: 'a', target: 'echo', calls: 1, reqPerSec: 30000, p50Ms: 1, p99Ms: 5, samples: [] },
    { workload: 'a', target: 'in-process', calls: 1, reqPerSec: 20000, p50Ms: 2, p99Ms: 9, samples: [] },
    { workload: 'a', target: 'ganache', calls: 1, failure: 'missing', missing: true, samples: [] },
    { workload: 'b', target: 'anvil', calls: 1, reqPerSec: 300, p50Ms: 50, p99Ms: 90, samples: [] },
  ],
  rss: [],
  problems: [],
};

describe(chartSpec.name, () => {
  const spec = chartSpec(result);

  it('default: one datum per measured row, none for a missing one', () => {
    expect((spec['data'] as { values: unknown[] }).values).toEqual([
      { workload: 'a', target: 'echo', reqPerSec: 30000, p99Ms: 5 },
      { workload: 'a', target: 'in-process', reqPerSec: 20000, p99Ms: 9 },
      { workload: 'b', target: 'anvil', reqPerSec: 300, p99Ms: 90 },
    ]);
  });

  it('behavior: req/s and p99 panels on unstacked log scales, targets in table order', () => {
    const panels = spec['hconcat'] as { encoding: Record<string, Record<string, unknown>> }[];
    expect(panels.map((p) => p.encoding['x']?.['field'])).toEqual(['reqPerSec', 'p99Ms']);
    for (const p of panels) {
      expect(p.encoding['x']).toMatchObject({ scale: { type: 'log' }, stack: null });
      expect(p.encoding['color']?.['sort']).toEqual(['echo', 'in-process', 'anvil']);
    }
  });

  it('behavior: the title says how it was measured', () => {
    expect(spec['title']).toMatchObject({
      text: 'pnpm bench: median of 2 interleaved rounds of 3 s, 50 connections',
      subtitle: expect.stringContaining('2026-11-25 13:00 UTC'),
    });
  });
});

// Unit tests for turning measured cells into printed rows, table and goal lines.
import { connectionCapsLine, errorProblems, goalLines, resultsTable, summarizeCells } from './report';
import { type Cell } from './rounds';
import { type RoundSample } from './stats';
import { single } from './workloads';

const w = single('w', 'web3_clientVersion');

function samples(...reqPerSec: number[]): RoundSample[] {
  return reqPerSec.map((r, i) => ({
    round: i + 1,
    reqPerSec: r,
    p50Ms: 0.5,
    p99Ms: 3,
    non2xx: 0,
    errors: 0,
    rpcErrors: 0,
  }));
}

const targets = [{ name: 'echo' }, { name: 'photon', goals: { w: 0.6 } }];

describe(summarizeCells.name, () => {
  it('default', () => {
    const rows = summarizeCells(
      [
        { target: 'echo', workload: w, samples: samples(1000, 500, 1000) },
        { target: 'photon', workload: w, samples: samples(700, 300, 600) },
      ],
      'echo',
    );
    expect(rows.map((r) => r.summary?.ratio)).toEqual([
      { median: 1, min: 1, max: 1, count: 3 },
      { median: 0.6, min: 0.6, max: 0.7, count: 3 },
    ]);
    expect(rows[1]?.summary?.reqPerSec).toBe(600);
    expect(goalLines(targets, rows, 'echo')).toEqual([
      'PASS photon w ≥ 0.60× echo: 0.60× (median of 3 rounds, 0.60–0.70)',
    ]);
    const table = resultsTable(rows, 'echo').split('\n');
    expect(table[0]).toMatch(/× echo +min–max/);
    expect(table[3]).toMatch(/^photon +w +600 +600 +0\.50 +3\.00 +0\.60× +0\.60–0\.70 +0 +0 +0$/);
  });

  it('behavior: a failed or unmeasured baseline leaves the ratios and goals blank', () => {
    const cells: Cell[] = [
      { target: 'echo', workload: w, failure: 'preflight: HTTP 500', samples: [] },
      { target: 'photon', workload: w, samples: samples(700) },
    ];
    const rows = summarizeCells(cells, 'echo');
    expect(rows[0]?.summary).toBeUndefined();
    expect(rows[1]?.summary?.ratio).toBeUndefined();
    expect(goalLines(targets, rows, 'echo')).toEqual([
      'SKIP photon w ≥ 0.60× echo: no baseline measured in this run',
    ]);
    expect(resultsTable(rows, 'echo').split('\n')[2]).toMatch(/^echo +w +FAILED$/);
  });

  it('behavior: errors are summed over rounds into one problem per row', () => {
    const s = samples(10, 10);
    s[0] = { ...s[0]!, errors: 2 };
    s[1] = { ...s[1]!, non2xx: 1 };
    const rows = summarizeCells([{ target: 'photon', workload: w, samples: s }], undefined);
    expect(errorProblems(rows)).toEqual([
      'photon w: 1 non-2xx, 2 connection errors, 0 JSON-RPC errors (over 2 rounds)',
    ]);
  });

  it('error: a target that was never measured is reported, not divided', () => {
    const rows = summarizeCells([{ target: 'photon', workload: w, samples: [] }], 'echo');
    expect(rows[0]?.summary).toBeUndefined();
    expect(goalLines(targets, rows, 'echo')).toEqual(['SKIP photon w ≥ 0.60× echo: not measured']);
    expect(resultsTable(rows, 'echo').split('\n')[2]).toMatch(/no data$/);
  });
});

describe(connectionCapsLine.name, () => {
  const capped = { ...single('logs', 'eth_getLogs'), maxConnections: 4 };

  it('default: names each capped workload with the connections it gets', () => {
    expect(connectionCapsLine([w, capped], { connections: 50, pipelining: 1 })).toBe(
      'connections capped per workload (echo too): logs 4',
    );
  });

  it('behavior: a cap above --connections changes nothing and prints nothing', () => {
    expect(connectionCapsLine([w, capped], { connections: 2, pipelining: 1 })).toBeUndefined();
  });
});

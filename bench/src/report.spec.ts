// Unit tests for turning measured cells into printed rows, table and goal lines.
import { connectionCapsLine, errorProblems, formatRatio, resultsTable, summarizeCells } from './report';
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
    const table = resultsTable(rows, 'echo').split('\n');
    expect(table[0]).toMatch(/× echo +min–max/);
    expect(table[3]).toMatch(/^w +photon +600 +600 +0\.50 +3\.00 +0\.60× +0\.60–0\.70 +0 +0 +0$/);
  });

  it('behavior: a failed or unmeasured baseline leaves the ratios blank', () => {
    const cells: Cell[] = [
      { target: 'echo', workload: w, failure: 'preflight: HTTP 500', samples: [] },
      { target: 'photon', workload: w, samples: samples(700) },
    ];
    const rows = summarizeCells(cells, 'echo');
    expect(rows[0]?.summary).toBeUndefined();
    expect(rows[1]?.summary?.ratio).toBeUndefined();
    expect(resultsTable(rows, 'echo').split('\n')[2]).toMatch(/^w +echo +FAILED$/);
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
    expect(resultsTable(rows, 'echo').split('\n')[2]).toMatch(/no data$/);
  });
});

describe('summarizeCells with peers', () => {
  const v = single('v', 'eth_call');
  const cells: Cell[] = [
    { target: 'echo', workload: w, samples: samples(1000, 1000) },
    { target: 'photon', workload: w, samples: samples(600, 800) },
    { target: 'anvil', workload: w, samples: samples(1200, 1600) },
    { target: 'ganache', workload: w, failure: 'missing', missing: true, samples: [] },
    { target: 'echo', workload: v, samples: samples(1000, 1000) },
    { target: 'photon', workload: v, samples: samples(300, 300) },
    { target: 'anvil', workload: v, samples: samples(30000, 30000) },
    { target: 'ganache', workload: v, failure: 'missing', missing: true, samples: [] },
  ];
  const rows = summarizeCells(cells, 'echo', ['anvil', 'ganache']);

  it('default: Photon rows get a per-round ratio to each measured peer', () => {
    const photon = rows.find((r) => r.target === 'photon' && r.workload.name === 'w');
    expect(photon?.versus).toEqual([{ peer: 'anvil', ratio: { median: 0.5, min: 0.5, max: 0.5, count: 2 } }]);
  });

  it('behavior: the baseline and the peers get no ratio to the peers', () => {
    expect(rows.filter((r) => r.versus !== undefined).map((r) => r.target)).toEqual(['photon', 'photon']);
  });

  it('behavior: rows come workload by workload, targets in their order', () => {
    expect(rows.map((r) => `${r.workload.name}:${r.target}`)).toEqual([
      'w:echo',
      'w:photon',
      'w:anvil',
      'w:ganache',
      'v:echo',
      'v:photon',
      'v:anvil',
      'v:ganache',
    ]);
  });

  it('behavior: the table has a column per peer, and a missing peer says MISSING', () => {
    const table = resultsTable(rows, 'echo', ['anvil', 'ganache']).split('\n');
    expect(table[0]).toMatch(/× echo +min–max +× anvil +× ganache +non-2xx/);
    expect(table.find((l) => l.startsWith('v ') && l.includes('photon'))).toMatch(
      / 0\.30× +0\.30–0\.30 +0\.010× +- +0 +0 +0$/,
    );
    expect(table.filter((l) => /ganache +MISSING$/.test(l))).toHaveLength(2);
  });
});

describe(formatRatio.name, () => {
  it('default: two decimals between 0.1 and 10', () => {
    expect(formatRatio(0.6)).toBe('0.60');
    expect(formatRatio(7.555)).toBe('7.55');
  });

  it('behavior: two significant digits below 0.1, none above 10', () => {
    expect(formatRatio(0.0123)).toBe('0.012');
    expect(formatRatio(156.4)).toBe('156');
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

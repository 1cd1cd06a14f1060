// Unit tests for the CPU-per-request table and the capacity tables.
import { capacityTables, cpuBreakdown, cpuTable, formatRate, totalMicros } from './cpu-report';
import { type Row } from './report';
import { type CpuSummary, type Summary } from './stats';
import { single } from './workloads';

const w = single('eth_call', 'eth_call');
const spreadOf = (median: number, min = median, max = median, count = 2) => ({ median, min, max, count });
const CLUSTER: CpuSummary[] = [
  { role: 'gateway', usPerRequest: spreadOf(95, 90, 99) },
  { role: 'query', usPerRequest: spreadOf(181, 170, 190) },
  { role: 'NATS', usPerRequest: spreadOf(48, 48, 48, 1) },
];
const IN_PROCESS: CpuSummary[] = [
  { role: 'photon start', usPerRequest: spreadOf(550) },
  { role: 'devnet thread', within: 'photon start', usPerRequest: spreadOf(352) },
];
const summary = (cpu?: CpuSummary[]): Summary => ({
  rounds: 2,
  reqPerSec: 1000,
  p50Ms: 1,
  p99Ms: 2,
  non2xx: 0,
  errors: 0,
  rpcErrors: 0,
  ...(cpu === undefined ? {} : { cpu }),
});
const rows: Row[] = [
  { target: 'echo', workload: w, summary: summary() },
  { target: 'in-process', workload: w, summary: summary(IN_PROCESS) },
  { target: 'cluster', workload: w, summary: summary(CLUSTER) },
];

describe(cpuBreakdown.name, () => {
  it('default: the total, then each process with its range over rounds', () => {
    expect(cpuBreakdown(CLUSTER)).toBe('324 = gateway 95 (90–99) + query 181 (170–190) + NATS 48');
  });

  it('behavior: a thread is shown inside its process and not added to the total', () => {
    expect(totalMicros(IN_PROCESS)).toBe(550);
    expect(cpuBreakdown(IN_PROCESS)).toBe('550 = photon start 550 [devnet thread 352, in photon start]');
  });
});

describe(cpuTable.name, () => {
  it('default: one line per row that read CPU', () => {
    const lines = (cpuTable(rows) ?? '').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/^eth_call +in-process +550 = photon start 550/);
    expect(lines[3]).toMatch(/^eth_call +cluster +324 = gateway 95/);
  });

  it('behavior: the load generator is named after the target, never in its total', () => {
    const withLoad: Row = {
      target: 'cluster',
      workload: w,
      summary: { ...summary(CLUSTER), loadCpu: spreadOf(41, 39, 44) },
    };
    const lines = (cpuTable([withLoad]) ?? '').split('\n');
    expect(lines[2]).toMatch(
      /^eth_call +cluster +324 = gateway 95 .* \+ NATS 48 · load generator 41 \(39–44\)$/,
    );
  });

  it('behavior: nothing read, no table', () => {
    expect(cpuTable(rows.slice(0, 1))).toBeUndefined();
  });
});

describe(capacityTables.name, () => {
  it('default: per target, requests per second per core of each process', () => {
    const [cluster, ...rest] = capacityTables(rows, ['cluster', 'anvil']);
    expect(rest).toEqual([]);
    const lines = (cluster ?? '').split('\n');
    expect(lines[0]).toBe('cluster:');
    expect(lines[1]).toMatch(/^workload +gateway +query +NATS$/);
    // 1e6 / 95 = 10,526; 1e6 / 181 = 5,525; 1e6 / 48 = 20,833 (two significant digits).
    expect(lines[3]).toMatch(/^eth_call +11k +5\.5k +21k$/);
  });
});

describe(formatRate.name, () => {
  it('default: compact rates', () => {
    expect(formatRate(850.4)).toBe('850');
    expect(formatRate(5525)).toBe('5.5k');
    expect(formatRate(20_833)).toBe('21k');
    expect(formatRate(1_250_000)).toBe('1.3M');
    expect(formatRate(Infinity)).toBe('∞');
  });
});

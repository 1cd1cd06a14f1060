// Unit tests for the bench's flags and BENCH_* variables.
import { UsageError, parseOptions } from './options';

const known = { targets: ['echo', 'in-process', 'cluster'], workloads: ['single', 'batch'] };
const withPeers = { ...known, targets: [...known.targets, 'anvil', 'ganache'], peers: ['anvil', 'ganache'] };

describe(parseOptions.name, () => {
  it('default', () => {
    expect(parseOptions([], {}, known)).toEqual({
      rounds: 3,
      durationS: 5,
      warmupS: 2,
      connections: 50,
      pipelining: 1,
      peers: false,
      targets: ['echo', 'in-process', 'cluster'],
      workloads: ['single', 'batch'],
      chainHeight: 1010,
    });
  });

  it('behavior: an extra workload is measured only when named', () => {
    const extra = { ...known, extraWorkloads: ['mix:a', 'mix:b'] };
    expect(parseOptions([], {}, extra)?.workloads).toEqual(['single', 'batch']);
    expect(parseOptions(['--workloads', 'mix:b,single'], {}, extra)?.workloads).toEqual(['single', 'mix:b']);
    expect(() => parseOptions(['--workloads', 'mix:c'], {}, extra)).toThrow(/unknown workload "mix:c"/);
  });

  it('behavior: --chain-height makes a taller chain, never a shorter one than the workloads read', () => {
    expect(parseOptions(['--chain-height', '10000'], {}, known)?.chainHeight).toBe(10_000);
    expect(parseOptions([], { BENCH_CHAIN_HEIGHT: '2000' }, known)?.chainHeight).toBe(2_000);
    expect(() => parseOptions(['--chain-height', '500'], {}, known)).toThrow(
      new UsageError('chain-height must be at least 1010, got 500'),
    );
  });

  it('behavior: --quick is 2 rounds of 3 s, and explicit flags still win over it', () => {
    expect(parseOptions(['--quick'], { BENCH_ROUNDS: '9', BENCH_DURATION: '9' }, known)).toMatchObject({
      rounds: 2,
      durationS: 3,
    });
    expect(parseOptions(['--quick', '--rounds', '4'], {}, known)).toMatchObject({ rounds: 4, durationS: 3 });
  });

  it('behavior: flags win over env vars, env vars over defaults', () => {
    const env = { BENCH_ROUNDS: '5', BENCH_DURATION: '7', BENCH_TARGETS: 'cluster,echo' };
    expect(parseOptions(['--rounds', '1'], env, known)).toMatchObject({
      rounds: 1,
      durationS: 7,
      targets: ['echo', 'cluster'],
    });
  });

  it('behavior: peers are left out unless --peers (or BENCH_PEERS=1) adds them', () => {
    expect(parseOptions([], {}, withPeers)?.targets).toEqual(['echo', 'in-process', 'cluster']);
    expect(parseOptions(['--peers'], {}, withPeers)).toMatchObject({
      peers: true,
      targets: ['echo', 'in-process', 'cluster', 'anvil', 'ganache'],
    });
    expect(parseOptions([], { BENCH_PEERS: '1' }, withPeers)?.targets).toContain('anvil');
  });

  it('behavior: --peers adds the peers to a --targets selection, in table order', () => {
    expect(parseOptions(['--targets', 'in-process', '--peers'], {}, withPeers)?.targets).toEqual([
      'in-process',
      'anvil',
      'ganache',
    ]);
  });

  it('behavior: a peer named in --targets runs without --peers', () => {
    expect(parseOptions(['--targets', 'ganache,echo'], {}, withPeers)).toMatchObject({
      peers: false,
      targets: ['echo', 'ganache'],
    });
  });

  it('behavior: a named-only target is measured only when --targets names it, never by --peers', () => {
    const withRelay = { ...withPeers, targets: [...withPeers.targets, 'relay'], namedOnly: ['relay'] };
    expect(parseOptions([], {}, withRelay)?.targets).toEqual(['echo', 'in-process', 'cluster']);
    expect(parseOptions(['--peers'], {}, withRelay)?.targets).not.toContain('relay');
    expect(parseOptions(['--targets', 'cluster,relay'], {}, withRelay)?.targets).toEqual([
      'cluster',
      'relay',
    ]);
  });

  it('behavior: --warmup 0 turns the warm-up off', () => {
    expect(parseOptions(['--warmup', '0'], {}, known)?.warmupS).toBe(0);
  });

  it('behavior: --help gives undefined', () => {
    expect(parseOptions(['--help'], {}, known)).toBeUndefined();
  });

  it('error: rounds that are not a positive whole number', () => {
    expect(() => parseOptions(['--rounds', '0'], {}, known)).toThrow(UsageError);
    expect(() => parseOptions(['--rounds', '2.5'], {}, known)).toThrow(/whole number/);
    expect(() => parseOptions([], { BENCH_ROUNDS: 'many' }, known)).toThrow(UsageError);
  });

  it('error: unknown flags and names', () => {
    expect(() => parseOptions(['--round', '2'], {}, known)).toThrow(UsageError);
    expect(() => parseOptions(['--targets', 'nope'], {}, known)).toThrow(/unknown target "nope"/);
    expect(() => parseOptions(['--duration', '0'], {}, known)).toThrow(UsageError);
  });
});

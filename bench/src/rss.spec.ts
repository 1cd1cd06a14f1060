// Unit tests for reading and naming the processes' resident memory.
import { type RssSeries, parseVmRssKiB, processLabel, rssGrowth } from './rss';

describe(parseVmRssKiB.name, () => {
  it('default: the VmRSS line of /proc/<pid>/status', () => {
    expect(parseVmRssKiB('Name:\tnode\nVmPeak:\t  900 kB\nVmRSS:\t  123456 kB\nThreads:\t11\n')).toBe(123456);
  });

  it('behavior: a status without VmRSS (a zombie) gives undefined', () => {
    expect(parseVmRssKiB('Name:\tnode\nState:\tZ (zombie)\n')).toBeUndefined();
  });
});

describe(processLabel.name, () => {
  const cli = '/repo/apps/photon/dist/main.js';

  it('default: Photon processes by their command', () => {
    expect(processLabel([process.execPath, cli, 'gateway', '--port', '1'], cli)).toBe('photon gateway');
  });

  it('behavior: a node script in a package by the package, a binary by its name', () => {
    const hardhat = '/repo/node_modules/hardhat/internal/cli/bootstrap.js';
    expect(processLabel([process.execPath, hardhat, '--config', 'x', 'node'], cli)).toBe('hardhat');
    const scoped = '/repo/node_modules/@scope/tool/dist/cli.js';
    expect(processLabel([process.execPath, scoped], cli)).toBe('@scope/tool');
    expect(
      processLabel(['/repo/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', '--port', '1'], cli),
    ).toBe('anvil');
    expect(processLabel([process.execPath, '/repo/bench/dist/echo-server.js', '1'], cli)).toBe(
      'echo-server.js',
    );
  });
});

describe(rssGrowth.name, () => {
  const series = (kib: (number | undefined)[]): RssSeries => ({
    target: 't',
    process: 'p',
    pid: 1,
    kib: kib.map((k, round) => ({ round, kib: k })),
  });

  it('default: from round 1 to the last round, ignoring the idle sample (round 0)', () => {
    expect(rssGrowth(series([50, 100, 110, 125]))).toBeCloseTo(0.25);
  });

  it('behavior: fewer than two rounds under load, or unreadable samples, give undefined', () => {
    expect(rssGrowth(series([50, 100]))).toBeUndefined();
    expect(rssGrowth(series([50, undefined, undefined]))).toBeUndefined();
  });
});

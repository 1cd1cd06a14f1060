// The events service says when it is well again (issue 25, item 5): after it logged that publishing chain
// heads paused (the engine went away), it logs that publishing resumed, and from which height, once the
// engine is back — a log that only ever says "paused" leaves its reader thinking the tier is still down.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type PhotonProcess,
  freePort,
  spawnPhoton,
  waitFor,
  waitForDevnet,
  waitForReady,
} from '@photon/testing';

jest.setTimeout(180_000);

describe('events service pause and resume lines', () => {
  let scratch: string;
  const running: PhotonProcess[] = [];
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-resume-'));
  });
  afterAll(async () => {
    await Promise.all(running.map((proc) => proc.stop()));
    await rm(scratch, { recursive: true, force: true });
  });

  it('behavior: "publishing chain heads paused" is followed by "resumed at height" once the engine is back', async () => {
    const devnetPort = await freePort();
    const devnetArgs = [
      'devnet',
      '--devnet-laddr',
      `tcp://127.0.0.1:${devnetPort}`,
      '--data-dir',
      join(scratch, 'chain'),
      '--block-time',
      '200ms',
      '--quiet',
    ];
    const startDevnet = async (): Promise<PhotonProcess> => {
      const devnet = spawnPhoton(devnetArgs);
      running.push(devnet);
      await waitForDevnet(`http://127.0.0.1:${devnetPort}`, devnet, 60_000);
      return devnet;
    };
    const devnet = await startDevnet();
    const httpPort = await freePort();
    const tier = spawnPhoton([
      'start',
      '--node',
      `tcp://127.0.0.1:${devnetPort}`,
      '--laddr',
      `tcp://127.0.0.1:${httpPort}`,
      '--wsport',
      String(await freePort()),
      '--keystore-dir',
      join(scratch, 'keys'),
    ]);
    running.push(tier);
    await waitForReady(`http://127.0.0.1:${httpPort}`, { timeoutMs: 60_000 }, tier);

    await devnet.stop('SIGTERM');
    await waitFor(() => Promise.resolve(tier.output().includes('publishing chain heads paused: ')), {
      timeoutMs: 60_000,
      what: 'the pause line',
      detail: () => tier.output(),
    });
    expect(tier.output()).not.toContain('publishing chain heads resumed');

    await startDevnet();
    await waitFor(
      () => Promise.resolve(/publishing chain heads resumed at height \d+ \(paused: /.test(tier.output())),
      {
        timeoutMs: 60_000,
        what: 'the resume line',
        detail: () => tier.output(),
      },
    );
    const lines = tier.output().split('\n');
    const paused = lines.findIndex((line) => line.includes('publishing chain heads paused: '));
    const resumed = lines.findIndex((line) => line.includes('publishing chain heads resumed'));
    expect(resumed).toBeGreaterThan(paused);
  });
});

// A query or tx service whose --chain-id disagrees with the engine's EVM chain id refuses to start
// with one line naming both (issue 10, item 9); an engine that is down at start is checked once it
// answers, and a disagreement then stops the process the same way.
import {
  type PhotonProcess,
  freePort,
  randomBusPrefix,
  spawnPhoton,
  testNatsUrl,
  waitFor,
  waitForDevnet,
} from '@photon/testing';

jest.setTimeout(60_000);

const MISMATCH_9001 =
  'photon: --chain-id photon_9001-1 (EVM chain id 9001) disagrees with the engine, which has EVM chain id 9000 (network photon_9000-1)';

describe('the engine chain id check at start', () => {
  const started: PhotonProcess[] = [];
  let node: string;

  const spawn = (args: string[]): PhotonProcess => {
    const proc = spawnPhoton(args);
    started.push(proc);
    return proc;
  };
  const busArgs = () => ['--nats-url', testNatsUrl(), '--bus-prefix', randomBusPrefix()];
  const startDevnet = async (port: number): Promise<void> => {
    const devnet = spawn([
      'devnet',
      '--devnet-laddr',
      `tcp://127.0.0.1:${port}`,
      '--chain-id',
      'photon_9000-1',
      '--quiet',
    ]);
    await waitForDevnet(`http://127.0.0.1:${port}`, devnet);
  };
  const refusal = async (proc: PhotonProcess) => {
    const code = await proc.exited;
    return { code, lines: proc.output().trim().split('\n') };
  };

  beforeAll(async () => {
    const port = await freePort();
    await startDevnet(port);
    node = `tcp://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await Promise.all(started.map((proc) => proc.stop()));
  });

  it.each([
    ['query', 'photon_9001-1'],
    ['tx', 'photon_9001-1'],
  ])(
    'error: photon %s --chain-id %s refuses to start with one line naming both ids',
    async (command, chainId) => {
      const { code, lines } = await refusal(
        spawn([command, '--node', node, '--chain-id', chainId, ...busArgs()]),
      );
      expect(code).toBe(1);
      expect(lines).toEqual([MISMATCH_9001]);
    },
  );

  it('error: photon start --node with a bare number that disagrees refuses to start', async () => {
    const { code, lines } = await refusal(
      spawn([
        'start',
        '--node',
        node,
        '--chain-id',
        '9001',
        '--laddr',
        `tcp://127.0.0.1:${await freePort()}`,
      ]),
    );
    expect(code).toBe(1);
    expect(lines).toEqual([
      'photon: --chain-id 9001 (EVM chain id 9001) disagrees with the engine, which has EVM chain id 9000 (network photon_9000-1)',
    ]);
  });

  it('default: an agreeing --chain-id (either form) starts and serves', async () => {
    const query = spawn(['query', '--node', node, '--chain-id', '9000', ...busArgs()]);
    await waitFor(() => Promise.resolve(/ serving on NATS /.test(query.output())), {
      what: 'photon query to serve',
      timeoutMs: 20_000,
    });
    expect(query.hasExited()).toBe(false);
  });

  it('behavior: an engine down at start is checked once it answers, and a disagreement stops the service', async () => {
    const port = await freePort();
    const query = spawn([
      'query',
      '--node',
      `tcp://127.0.0.1:${port}`,
      '--chain-id',
      'photon_9001-1',
      ...busArgs(),
    ]);
    await waitFor(() => Promise.resolve(/ serving on NATS /.test(query.output())), {
      what: 'photon query to serve',
      timeoutMs: 20_000,
    });
    expect(query.output()).toContain(
      'photon query: the engine does not answer yet; --chain-id is checked once it does',
    );
    await startDevnet(port);
    const { code } = await refusal(query);
    expect(code).toBe(1);
    expect(query.output()).toContain(MISMATCH_9001);
  });
});

// A dead or hung engine as the tier's clients see it: a JSON-RPC error inside the method timeout that never
// names the engine, and answers again once it is back on the same address (in-process and over NATS).
import {
  type PhotonProcess,
  type PhotonStack,
  devWallet,
  freePort,
  rpc,
  spawnPhoton,
  startPhotonStack,
  waitFor,
  waitForDevnet,
} from '@photon/testing';
import { TIMEOUT_MS } from '@photon/types';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call } from './query-rpc';

jest.setTimeout(120_000);

/** A dead engine is refused connections: the error must come far sooner than the `read` class's 10 s. */
const FAST_MS = 2_000;
const A4 = devWallet(4).address.toLowerCase();

function startDevnet(port: number, dataDir?: string): PhotonProcess {
  const args = ['devnet', '--devnet-laddr', `tcp://127.0.0.1:${port}`, '--block-time', '200ms', '--quiet'];
  return spawnPhoton(dataDir === undefined ? args : [...args, '--data-dir', dataDir]);
}

describe.each(['in-process', 'cluster'] as const)('a dead engine behind the %s gateway', (kind) => {
  let stack: PhotonStack;
  let port: number;
  /** The devnet the test runs (in-process), or the one it starts after killing the cluster's. */
  let devnet: PhotonProcess | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    if (kind === 'in-process') {
      port = await freePort();
      dataDir = await mkdtemp(join(tmpdir(), 'photon-engine-down-'));
      devnet = startDevnet(port, dataDir);
      await waitForDevnet(`http://127.0.0.1:${port}`, devnet);
      stack = await startPhotonStack('in-process', { extraArgs: ['--node', `tcp://127.0.0.1:${port}`] });
    } else {
      stack = await startPhotonStack('cluster');
      port = Number(new URL(stack.devnetUrl).port);
    }
  });
  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
    if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
  });

  /** The error of `method`, timed; fails if it answered a result. */
  async function timedError(method: string, params: unknown[]) {
    const started = Date.now();
    const reply = await rpc(stack.httpUrl, method, params);
    const elapsedMs = Date.now() - started;
    if (reply.error === undefined) throw new Error(`${method} answered ${JSON.stringify(reply.result)}`);
    return { error: reply.error, elapsedMs };
  }

  /** The engine process of the stack, whichever started it. */
  const engine = (): PhotonProcess | undefined =>
    kind === 'in-process' ? devnet : stack.kind === 'cluster' ? stack.processes.devnet : undefined;

  it('behavior: a hung engine gives -32002 at the engine-call deadline, in the read timeout', async () => {
    engine()?.child.kill('SIGSTOP');
    try {
      // Accounts nothing has read yet: the engine must be asked, and it accepts but never answers.
      const answers = await Promise.all([
        timedError('eth_getBalance', [`0x${'77'.repeat(20)}`, 'latest']),
        timedError('eth_getCode', [`0x${'78'.repeat(20)}`, 'latest']),
      ]);
      for (const { error, elapsedMs } of answers) {
        // The head (status) or the state (abci_query), whichever the tier had to ask first.
        expect(error.code).toBe(-32002);
        expect(error.message).toMatch(/^engine did not answer (status|abci_query) in time$/);
        expect(elapsedMs).toBeGreaterThanOrEqual(4_500);
        expect(elapsedMs).toBeLessThan(TIMEOUT_MS.read);
      }
    } finally {
      engine()?.child.kill('SIGCONT');
    }
    await waitFor(
      async () => (await rpc(stack.httpUrl, 'eth_getBalance', [A4, 'latest'])).result !== undefined,
      {
        what: 'answers after the engine resumed',
      },
    );
  });

  it('behavior: reads fail fast with -32002 while the engine is down, then resume', async () => {
    expect(stack.devnetUrl).toBe(`http://127.0.0.1:${port}`);
    const heightBefore = BigInt(await call(stack.httpUrl, 'eth_blockNumber'));
    const balance = await call(stack.httpUrl, 'eth_getBalance', [A4, 'latest']);

    await engine()?.stop('SIGKILL');

    // The head stream goes quiet (it is trusted for three block intervals, at least 1 s); from then on every
    // read asks the engine and fails fast.
    await waitFor(async () => (await rpc(stack.httpUrl, 'eth_blockNumber', [])).error !== undefined, {
      what: 'eth_blockNumber to fail with the engine down',
      timeoutMs: 5_000,
    });
    for (const [method, params] of [
      ['eth_blockNumber', []],
      // An account not read before, so no answer cached for the head can stand in for the engine.
      ['eth_getBalance', [devWallet(5).address, 'latest']],
      ['eth_getBalance', [A4, '0x1']],
      ['eth_gasPrice', []],
      ['eth_call', [{ to: A4 }]],
      ['eth_getTransactionCount', [A4, 'pending']],
      ['net_peerCount', []],
    ] as const) {
      const { error, elapsedMs } = await timedError(method, [...params]);
      expect({ method, error }).toEqual({ method, error: { code: -32002, message: 'engine unavailable' } });
      expect(elapsedMs).toBeLessThan(FAST_MS);
      expect(elapsedMs).toBeLessThan(TIMEOUT_MS.read);
      expect(JSON.stringify(error)).not.toContain(String(port));
    }

    // Back on the same address: the in-process chain from its data dir, the cluster's as a fresh chain.
    devnet = startDevnet(port, dataDir);
    await waitForDevnet(`http://127.0.0.1:${port}`, devnet);
    await waitFor(
      async () => (await rpc(stack.httpUrl, 'eth_getBalance', [A4, 'latest'])).result === balance,
      { what: 'eth_getBalance to answer again', timeoutMs: 15_000 },
    );
    expect(await call(stack.httpUrl, 'eth_getBalance', [devWallet(5).address, 'latest'])).toBe(balance);
    const heightAfter = BigInt(await call(stack.httpUrl, 'eth_blockNumber'));
    if (kind === 'in-process') expect(heightAfter).toBeGreaterThanOrEqual(heightBefore);
    else expect(heightAfter).toBeGreaterThan(0n);
    expect(await call(stack.httpUrl, 'eth_gasPrice')).toMatch(/^0x[0-9a-f]+$/);
  });
});

// The head stream survives what breaks in a fleet (issue 11, done-when): with two events replicas over NATS
// and Redis, killing the one that publishes leaves newHeads subscribers with every height, once and in
// order (the standby takes the lease and replays what was missed); cutting every connection to the engine
// mid-stream does the same (the bridge reconnects and catches up); and so does restarting NATS under the
// gateway (JetStream keeps the heads on disk, the gateway's ordered consumer resumes after the last one).
import {
  type ClusterStack,
  type ManagedProcess,
  type PhotonProcess,
  freePort,
  rpc,
  spawnProcess,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Server, type Socket as TcpSocket, connect, createServer } from 'node:net';
import { WebSocket } from 'ws';
import { startTestDevnet } from './manual-devnet';

jest.setTimeout(120_000);

const LEADING = 'photon events: this replica publishes the chain heads';

/** A websocket subscribed to newHeads, recording the heights it is sent. */
async function followHeads(wsUrl: string): Promise<{ heights: bigint[]; close(): void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const heights: bigint[] = [];
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { params?: { result?: { number?: string } } };
    const number = message.params?.result?.number;
    if (number !== undefined) heights.push(BigInt(number));
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
  return { heights, close: () => ws.close() };
}

/** Every height once, each the one after the previous. */
function expectContiguous(heights: readonly bigint[]): void {
  const gaps = heights.filter((height, index) => index > 0 && height !== heights[index - 1]! + 1n);
  expect({ gaps, count: heights.length }).toEqual({ gaps: [], count: heights.length });
}

/** A TCP proxy in front of the engine whose every connection the test can cut at once. */
async function engineProxy(target: URL): Promise<{ url: string; cut(): number; close(): Promise<void> }> {
  const sockets = new Set<TcpSocket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      const count = sockets.size;
      for (const socket of sockets) socket.destroy();
      return count;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the head stream under faults (cluster)', () => {
  it('behavior: killing the publishing events replica leaves subscribers and filters with every height', async () => {
    const stack: ClusterStack = await startPhotonStack('cluster', {
      eventsReplicas: 2,
      extraArgs: ['--log-level', 'warn'],
    });
    const follower = await followHeads(stack.wsUrl);
    // A block filter polled all along, through the kill: any replica answers it, from its cursor.
    const filter = (await rpc<string>(stack.httpUrl, 'eth_newBlockFilter')).result!;
    const filtered: string[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        const changes = await rpc<string[]>(stack.httpUrl, 'eth_getFilterChanges', [filter]);
        if (changes.error !== undefined) throw new Error(`eth_getFilterChanges: ${changes.error.message}`);
        filtered.push(...changes.result!);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    try {
      let leader: PhotonProcess | undefined;
      await waitFor(
        () =>
          Promise.resolve(
            (leader = stack.processes.events.find((p) => p.output().includes(LEADING))) !== undefined,
          ),
        { what: 'an events replica to publish the heads' },
      );
      await waitFor(() => Promise.resolve(follower.heights.length >= 3), { what: 'three heads' });
      const standby = stack.processes.events.find((p) => p !== leader)!;
      const killedAt = follower.heights.at(-1)!;
      const started = Date.now();
      leader!.child.kill('SIGKILL');
      await waitFor(() => Promise.resolve(standby.output().includes(LEADING)), {
        what: 'the standby to take the heads over',
        timeoutMs: 15_000,
      });
      process.stdout.write(`events failover: the standby published after ${Date.now() - started} ms\n`);
      await waitFor(() => Promise.resolve(follower.heights.at(-1)! >= killedAt + 10n), {
        what: 'ten heads past the kill',
        timeoutMs: 30_000,
      });
      expectContiguous(follower.heights);
      polling = false;
      await poller;
      const heights = await Promise.all(
        filtered.map(async (hash) => {
          const block = await rpc<{ number: string }>(stack.httpUrl, 'eth_getBlockByHash', [hash, false]);
          return BigInt(block.result!.number);
        }),
      );
      expectContiguous(heights);
      expect(heights.at(-1)! >= killedAt + 5n).toBe(true);
    } finally {
      polling = false;
      await poller.catch(() => undefined);
      follower.close();
      await stack.stop();
    }
  });

  it('behavior: cutting every engine connection mid-stream leaves subscribers with every height', async () => {
    const devnet = await startTestDevnet(200);
    const proxy = await engineProxy(new URL(devnet.rpcUrl));
    const stack = await startPhotonStack('cluster', {
      engineUrl: proxy.url,
      extraArgs: ['--log-level', 'error'],
    });
    const follower = await followHeads(stack.wsUrl);
    try {
      await waitFor(() => Promise.resolve(follower.heights.length >= 3), { what: 'three heads' });
      const cutAt = follower.heights.at(-1)!;
      expect(proxy.cut()).toBeGreaterThan(0);
      await waitFor(() => Promise.resolve(follower.heights.at(-1)! >= cutAt + 10n), {
        what: 'ten heads past the cut',
        timeoutMs: 30_000,
      });
      expectContiguous(follower.heights);
    } finally {
      follower.close();
      await stack.stop();
      await proxy.close();
      await devnet.stop();
    }
  });

  it('behavior: a NATS restart under the gateway leaves subscribers with every height', async () => {
    const store = await mkdtemp(join(tmpdir(), 'photon-nats-'));
    const port = await freePort();
    const natsArgs = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store];
    const startNats = async (): Promise<ManagedProcess> => {
      const nats = spawnProcess('nats-server', natsArgs);
      await waitFor(
        () =>
          new Promise<boolean>((resolve) => {
            const probe = connect(port, '127.0.0.1', () => {
              probe.destroy();
              resolve(true);
            });
            probe.on('error', () => resolve(false));
          }),
        { what: `nats-server on ${port}` },
      );
      return nats;
    };
    let nats = await startNats();
    const previous = process.env['PHOTON_TEST_NATS_URL'];
    process.env['PHOTON_TEST_NATS_URL'] = `nats://127.0.0.1:${port}`;
    let stack: ClusterStack | undefined;
    try {
      stack = await startPhotonStack('cluster', { extraArgs: ['--log-level', 'error'] });
    } finally {
      if (previous === undefined) delete process.env['PHOTON_TEST_NATS_URL'];
      else process.env['PHOTON_TEST_NATS_URL'] = previous;
    }
    const follower = await followHeads(stack.wsUrl);
    try {
      await waitFor(() => Promise.resolve(follower.heights.length >= 3), { what: 'three heads' });
      const restartAt = follower.heights.at(-1)!;
      await nats.stop();
      nats = await startNats();
      await waitFor(() => Promise.resolve(follower.heights.at(-1)! >= restartAt + 10n), {
        what: 'ten heads past the NATS restart',
        timeoutMs: 45_000,
      });
      expectContiguous(follower.heights);
    } finally {
      follower.close();
      await stack.stop();
      await nats.stop();
      await rm(store, { recursive: true, force: true });
    }
  });
});

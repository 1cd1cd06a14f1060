// The head stream survives what breaks in a fleet (issue 11, done-when): with two events replicas over NATS
// and Redis, killing the one that publishes leaves newHeads subscribers with every height, once and in
// order (the standby takes the lease and replays what was missed), logs subscribers and log filters with
// every transfer sent across the kill, and block filters with every block; cutting every connection to the engine
// mid-stream does the same (the bridge reconnects and catches up); and so does restarting NATS under the
// gateway (JetStream keeps the heads on disk, the gateway's ordered consumer resumes after the last one).
import {
  type ClusterStack,
  type JsonRpcReply,
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
import { JsonRpcProvider } from 'ethers';
import { WebSocket } from 'ws';
import { expectContiguous } from './contiguous-heights';
import { deployToken, transferToken } from './deploy-token';
import { startTestDevnet } from './manual-devnet';

jest.setTimeout(120_000);

const LEADING = 'photon events: this replica publishes the chain heads';
const RECIPIENT = '0x000000000000000000000000000000000000beef';

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

/** A websocket subscribed to the logs of `address`, recording their tx hashes. */
async function followLogs(wsUrl: string, address: string): Promise<{ hashes: string[]; close(): void }> {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const hashes: string[] = [];
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as {
      params?: { result?: { transactionHash?: string } };
    };
    const hash = message.params?.result?.transactionHash;
    if (hash !== undefined) hashes.push(hash);
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['logs', { address }] }));
  return { hashes, close: () => ws.close() };
}

/** How long the poller waits for one poll before it gives up on it and polls again (viem's default). */
const POLL_TIMEOUT_MS = 10_000;

/** JSON-RPC code of "resource unavailable": the gateway's answer when the replica asked is gone. */
const RESOURCE_UNAVAILABLE = -32002;

/**
 * A filter installed with `method` and polled every 250 ms until stopped; `hashes` are the changes (block
 * hashes, or the tx hashes of logs). `stop` resolves with every block hash or log tx hash it got.
 *
 * A poll that reached the replica killed under it never gets its reply (core NATS keeps no request for
 * another replica), so the poller does what clients do: it gives up after POLL_TIMEOUT_MS, or on the
 * gateway's "resource unavailable", and polls again. A replica moves the filter's cursor in the store as the
 * last step before its reply, so a poll lost with its replica left the cursor where it was and the next poll
 * gets every change (the test checks that); only a kill between that write and the reply would lose them.
 * Any other error fails the test.
 */
async function pollFilter(
  httpUrl: string,
  method: string,
  params: unknown[],
): Promise<{ hashes: string[]; stop(): Promise<string[]> }> {
  const id = (await rpc<string>(httpUrl, method, params)).result!;
  const hashes: string[] = [];
  let polling = true;
  const pollOnce = async (): Promise<(string | { transactionHash: string })[] | undefined> => {
    let reply: JsonRpcReply<(string | { transactionHash: string })[]>;
    try {
      reply = await rpc(httpUrl, 'eth_getFilterChanges', [id], 1, { timeoutMs: POLL_TIMEOUT_MS });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return undefined;
      throw error;
    }
    if (reply.error?.code === RESOURCE_UNAVAILABLE) return undefined;
    if (reply.error !== undefined) throw new Error(`eth_getFilterChanges: ${reply.error.message}`);
    return reply.result!;
  };
  const poller = (async () => {
    while (polling) {
      const changes = await pollOnce();
      if (changes === undefined)
        process.stdout.write(`events failover: a ${method} poll was lost, polled again\n`);
      for (const change of changes ?? [])
        hashes.push(typeof change === 'string' ? change : change.transactionHash);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    hashes,
    stop: async () => {
      polling = false;
      await poller;
      return hashes;
    },
  };
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
  it('behavior: killing the publishing events replica leaves subscribers and filters with every height and log', async () => {
    const stack: ClusterStack = await startPhotonStack('cluster', {
      eventsReplicas: 2,
      extraArgs: ['--log-level', 'warn'],
    });
    const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    const token = await deployToken(provider, 5);
    const address = (await token.getAddress()).toLowerCase();
    const follower = await followHeads(stack.wsUrl);
    const logs = await followLogs(stack.wsUrl, address);
    // A block filter and a log filter polled all along, through the kill: any replica answers them.
    const blocks = await pollFilter(stack.httpUrl, 'eth_newBlockFilter', []);
    const filteredLogs = await pollFilter(stack.httpUrl, 'eth_newFilter', [{ address }]);
    const sent: string[] = [];
    let sending = true;
    const sender = (async () => {
      for (let amount = 1n; sending; amount++) {
        sent.push(await transferToken(token, RECIPIENT, amount, false));
        await new Promise((resolve) => setTimeout(resolve, 150));
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
      sending = false;
      await sender;
      await provider.waitForTransaction(sent.at(-1)!);
      expectContiguous(follower.heights);
      // Every transfer sent across the kill, once, in the logs subscription and the log filter.
      for (const [what, seen] of [
        ['logs subscription', logs.hashes],
        ['log filter', filteredLogs.hashes],
      ] as const) {
        await waitFor(() => Promise.resolve(sent.every((hash) => seen.includes(hash))), {
          what: `${sent.length} transfers in the ${what}`,
        });
        expect([what, seen.length, new Set(seen).size]).toEqual([what, sent.length, sent.length]);
      }
      const heights = await Promise.all(
        (await blocks.stop()).map(async (hash) => {
          const block = await rpc<{ number: string }>(stack.httpUrl, 'eth_getBlockByHash', [hash, false]);
          return BigInt(block.result!.number);
        }),
      );
      expectContiguous(heights);
      expect(heights.at(-1)! >= killedAt + 5n).toBe(true);
    } finally {
      sending = false;
      await sender.catch(() => undefined);
      await blocks.stop().catch(() => undefined);
      await filteredLogs.stop().catch(() => undefined);
      follower.close();
      logs.close();
      provider.destroy();
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

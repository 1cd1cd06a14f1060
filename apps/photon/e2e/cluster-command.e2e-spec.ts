// `photon cluster` and `photon prune` as a newcomer runs them (issue 25, item 3): the README's examples
// ("A cluster on one machine") against the processes it starts on the machine's NATS and Redis, Ctrl-C
// stopping every one of them, and `photon prune` leaving no Redis key and no JetStream stream of the prefix.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type PhotonProcess,
  freePort,
  randomBusPrefix,
  spawnPhoton,
  testNatsUrl,
  testRedisUrl,
  waitFor,
  workspaceRoot,
} from '@photon/testing';
import { Redis } from 'ioredis';
import { type NatsConnection, connect } from 'nats';
import { WebSocket } from 'ws';

jest.setTimeout(300_000);

/** The JSON-RPC bodies of the README's section, by method, with the port each is sent to. */
function readmeExamples(): Map<string, { body: string; port: number }> {
  const readme = readFileSync(join(workspaceRoot(), 'README.md'), 'utf8');
  const section = readme.split('## A cluster on one machine')[1]!.split('\n## ')[0]!;
  const examples = new Map<string, { body: string; port: number }>();
  let port = 0;
  for (const line of section.split('\n')) {
    port = Number(/127\.0\.0\.1:(\d+)/.exec(line)?.[1] ?? port);
    const body = /(\{"jsonrpc".*\})'?$/.exec(line)?.[1];
    if (body !== undefined) examples.set((JSON.parse(body) as { method: string }).method, { body, port });
  }
  return examples;
}

/** The pids of `pid`'s children. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map(Number);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function prefixKeys(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

async function prefixStreams(nats: NatsConnection, prefix: string): Promise<string[]> {
  const names: string[] = [];
  for await (const stream of (await nats.jetstreamManager()).streams.list()) {
    if ((stream.config.subjects ?? []).some((subject) => subject.startsWith(`${prefix}.`)))
      names.push(stream.config.name);
  }
  return names;
}

describe('photon cluster', () => {
  let redis: Redis;
  let nats: NatsConnection;
  const running: PhotonProcess[] = [];
  beforeAll(async () => {
    redis = new Redis(testRedisUrl());
    nats = await connect({ servers: testNatsUrl() });
  });
  afterAll(async () => {
    await Promise.all(running.map((proc) => proc.stop()));
    redis.disconnect();
    await nats.close();
  });

  async function startCluster(
    args: readonly string[],
  ): Promise<{ proc: PhotonProcess; http: number; ws: number }> {
    const http = await freePort();
    const ws = await freePort();
    const proc = spawnPhoton([
      'cluster',
      '--laddr',
      `tcp://127.0.0.1:${http}`,
      '--wsport',
      String(ws),
      '--devnet-laddr',
      `tcp://127.0.0.1:${await freePort()}`,
      '--block-time',
      '300ms',
      '--nats-url',
      testNatsUrl(),
      '--redis-url',
      testRedisUrl(),
      ...args,
    ]);
    running.push(proc);
    await waitFor(
      async () => {
        if (proc.hasExited())
          throw new Error(`photon cluster exited (${String(await proc.exited)})\n${proc.output()}`);
        return proc.output().includes('photon cluster: serving JSON-RPC on');
      },
      { timeoutMs: 240_000, intervalMs: 500, what: 'photon cluster to serve', detail: () => proc.output() },
    );
    return { proc, http, ws };
  }

  it("default: serves the README's examples through two gateways; Ctrl-C stops every process; prune leaves nothing", async () => {
    const prefix = randomBusPrefix();
    const { proc, http, ws } = await startCluster(['--bus-prefix', prefix, '--gateways', '2']);
    const pids = childrenOf(proc.child.pid!);
    // devnet, 2 query, tx, keystore, 2 events, 2 gateways.
    expect(pids).toHaveLength(9);
    const roles = [
      'devnet',
      'query-1',
      'query-2',
      'tx',
      'keystore',
      'events-1',
      'events-2',
      'gateway-1',
      'gateway-2',
    ];
    for (const role of roles) expect(proc.output()).toContain(`${role.padEnd(10)} | `);

    // The README's ports are the defaults: 8545 (and 8547, the second gateway) and 8548.
    const examples = readmeExamples();
    const urlOf = (port: number): string => `http://127.0.0.1:${port === 8545 ? http : http + 2}`;
    const send = async (method: string, replace: (body: string) => string = (body) => body) => {
      const example = examples.get(method);
      if (example === undefined) throw new Error(`the README has no ${method} example`);
      const reply = await fetch(urlOf(example.port), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: replace(example.body),
      });
      return ((await reply.json()) as { result: unknown }).result;
    };
    expect(await send('eth_blockNumber')).toMatch(/^0x[0-9a-f]+$/);
    const hash = (await send('eth_sendTransaction')) as string;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    let receipt: unknown = null;
    await waitFor(
      async () => {
        receipt = await send('eth_getTransactionReceipt', (body) => body.replace('<the hash>', hash));
        return receipt !== null;
      },
      { timeoutMs: 30_000, intervalMs: 300, what: 'the receipt through the second gateway' },
    );
    expect(receipt).toMatchObject({ status: '0x1', transactionHash: hash });

    const subscribe = examples.get('eth_subscribe')!;
    expect(subscribe.port).toBe(8548);
    const socket = new WebSocket(`ws://127.0.0.1:${ws + 2}`);
    const messages: { params?: { result: { number: string } } }[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as never));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(subscribe.body);
    await waitFor(
      () => Promise.resolve(messages.filter((message) => message.params !== undefined).length >= 2),
      {
        timeoutMs: 30_000,
        what: 'two newHeads notifications',
      },
    );
    socket.close();

    expect((await prefixKeys(redis, prefix)).length).toBeGreaterThan(0);
    expect((await prefixStreams(nats, prefix)).sort()).toEqual([`${prefix}_heads`, `${prefix}_pending`]);

    proc.child.kill('SIGINT');
    expect(await proc.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(proc.output()).toMatch(/photon cluster: stopped \(devnet 0, .*gateway-2 0\)/);
    // A prefix given by flag stays for the next run.
    expect((await prefixKeys(redis, prefix)).length).toBeGreaterThan(0);

    const prune = spawnPhoton([
      'prune',
      '--bus-prefix',
      prefix,
      '--nats-url',
      testNatsUrl(),
      '--redis-url',
      testRedisUrl(),
    ]);
    expect(await prune.exited).toBe(0);
    expect(prune.output()).toMatch(
      new RegExp(
        `^photon prune: removed \\d+ Redis keys and 2 JetStream streams \\(.*\\) of prefix ${prefix}\\n$`,
      ),
    );
    expect(await prefixKeys(redis, prefix)).toEqual([]);
    expect(await prefixStreams(nats, prefix)).toEqual([]);
  });

  it('behavior: a prefix of its own is pruned at exit; killed outright, its processes still stop', async () => {
    const { proc } = await startCluster(['--query-replicas', '1']);
    const prefix = /bus prefix (\S+) on NATS/.exec(proc.output())![1]!;
    const pids = childrenOf(proc.child.pid!);
    expect(pids).toHaveLength(7);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    expect(await prefixKeys(redis, prefix)).toEqual([]);
    expect(await prefixStreams(nats, prefix)).toEqual([]);

    const kept = randomBusPrefix();
    const again = await startCluster(['--query-replicas', '1', '--bus-prefix', kept]);
    const orphans = childrenOf(again.proc.child.pid!);
    again.proc.child.kill('SIGKILL');
    await waitFor(() => Promise.resolve(orphans.filter(alive).length === 0), {
      timeoutMs: 60_000,
      what: 'the roles of a killed cluster to stop',
    });
    const prune = spawnPhoton([
      'prune',
      '--bus-prefix',
      kept,
      '--nats-url',
      testNatsUrl(),
      '--redis-url',
      testRedisUrl(),
    ]);
    expect(await prune.exited).toBe(0);
    expect(await prefixKeys(redis, kept)).toEqual([]);
  });

  it('error: a Redis that does not answer stops the start with one line, before any process runs', async () => {
    const proc = spawnPhoton(['cluster', '--redis-url', `redis://127.0.0.1:${await freePort()}`]);
    running.push(proc);
    expect(await proc.exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^photon: .*(ECONNREFUSED|Redis)/);
  });
});

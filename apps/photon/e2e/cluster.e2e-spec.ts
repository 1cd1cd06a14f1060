// The cluster topology as real processes over the machine's real NATS: gateway and query
// replicas started by the built CLI, load spread by the queue group, a stopped service answered
// quickly with a JSON-RPC error, and recovery when it comes back.
import { REPLICA_HEADER, rpcSubject } from '@photon/bus';
import {
  type ClusterStack,
  type PhotonProcess,
  rpc,
  spawnPhoton,
  startPhotonStack,
  testNatsUrl,
  waitFor,
  waitForReady,
} from '@photon/testing';
import { connect, type NatsConnection } from 'nats';

jest.setTimeout(60_000);

describe('cluster over NATS', () => {
  let stack: ClusterStack;
  let nats: NatsConnection;
  const extra: PhotonProcess[] = [];

  beforeAll(async () => {
    stack = await startPhotonStack('cluster', { queryReplicas: 2, extraArgs: ['--log-level', 'warn'] });
    nats = await connect({ servers: testNatsUrl() });
  });
  afterAll(async () => {
    await nats?.close();
    await Promise.all(extra.map((p) => p.stop()));
    await stack?.stop();
  });

  it('default: the gateway serves calls and batches through the query service', async () => {
    expect(await rpc(stack.httpUrl, 'eth_chainId')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2328' });
    const batch = await fetch(stack.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'web3_clientVersion', params: [] },
        { jsonrpc: '2.0', id: 2, method: 'web3_sha3', params: ['0x'] },
        { jsonrpc: '2.0', id: 3, method: 'web3_sha3', params: ['nope'] },
      ]),
    });
    const replies = (await batch.json()) as { result?: string; error?: { code: number } }[];
    expect(replies[0]!.result).toMatch(/^Photon\//);
    expect(replies[1]!.result).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(replies[2]!.error!.code).toBe(-32602);
  });

  it('behavior: both query replicas serve requests of the queue group', async () => {
    const replicas = new Set<string>();
    const request = JSON.stringify({ method: 'eth_chainId', params: [], context: { transport: 'internal' } });
    for (let i = 0; i < 40; i++) {
      const reply = await nats.request(rpcSubject(stack.busPrefix, 'query'), Buffer.from(request), {
        timeout: 2000,
      });
      replicas.add(reply.headers?.get(REPLICA_HEADER) ?? 'none');
    }
    const pids = stack.processes.query.map((p) => String(p.child.pid));
    expect([...replicas].map((replica) => replica.split(':').pop()).sort()).toEqual(pids.sort());
  });

  it('behavior: a stopped keystore leaves the gateway ready (reads still served) and shows in its report', async () => {
    await Promise.all(stack.processes.keystore.map((p) => p.stop()));

    const started = Date.now();
    expect((await rpc(stack.httpUrl, 'eth_accounts')).error).toEqual({
      code: -32002,
      message: 'service keystore is unavailable',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    await waitFor(
      async () => {
        const ready = await fetch(`${stack.httpUrl}/readyz`);
        const body = (await ready.json()) as { services?: Record<string, boolean> };
        return ready.status === 200 && body.services?.keystore === false && body.services.query === true;
      },
      { what: 'readyz to report the keystore missing while staying ready', timeoutMs: 5_000 },
    );
    expect((await rpc(stack.httpUrl, 'web3_clientVersion')).result).toMatch(/^Photon\//);

    extra.push(spawnPhoton(stack.processes.keystore[0]!.child.spawnargs.slice(2)));
    await waitFor(async () => Array.isArray((await rpc(stack.httpUrl, 'eth_accounts')).result), {
      what: 'the keystore to answer again',
      timeoutMs: 20_000,
    });
  });

  it('behavior: a stopped query service answers a JSON-RPC error within a second, then recovers', async () => {
    await Promise.all(stack.processes.query.map((p) => p.stop()));

    const started = Date.now();
    // Not eth_chainId: a gateway that has been given the chain id answers it at the edge.
    const reply = await rpc(stack.httpUrl, 'web3_clientVersion');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(reply.error).toEqual({ code: -32002, message: 'service query is unavailable' });
    expect((await fetch(`${stack.httpUrl}/readyz`)).status).toBe(503);

    const replacement = spawnPhoton(['query', '--nats-url', stack.natsUrl, '--bus-prefix', stack.busPrefix]);
    extra.push(replacement);
    await waitForReady(stack.httpUrl, { timeoutMs: 20_000 }, [replacement]);
    await waitFor(
      async () => /^Photon\//.test(String((await rpc(stack.httpUrl, 'web3_clientVersion')).result)),
      {
        what: 'the gateway to serve again after the query service came back',
        timeoutMs: 10_000,
      },
    );
  });
});

describe('cluster misconfiguration', () => {
  it('error: a gateway whose NATS is unreachable stops with a one-line reason', async () => {
    const gateway = spawnPhoton([
      'gateway',
      '--nats-url',
      'nats://127.0.0.1:1',
      '--laddr',
      'tcp://127.0.0.1:9',
    ]);
    expect(await gateway.exited).toBe(1);
    const lines = gateway.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^photon: cannot connect to NATS at nats:\/\/127\.0\.0\.1:1/);
  });
});

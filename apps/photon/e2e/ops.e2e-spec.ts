// Operations in every command (issue 13, item 4): each process of the cluster and `photon start` serve
// /healthz, /readyz and /metrics on their own --ops-laddr; the calls a client makes are counted by method
// and error code at the gateway and at the service that ran them, and nothing a client sent (addresses,
// passphrases, a key sent as a method name) reaches a metric. A keystore whose Redis stops answering turns
// unready, and a SIGTERMed one reports draining while it finishes the call it has in flight.
import {
  type ClusterStack,
  type InProcessStack,
  type OwnServer,
  type PhotonProcess,
  freePort,
  metricsOf,
  opsUrlOf,
  randomBusPrefix,
  removeJetStreamOf,
  rpc,
  spawnPhoton,
  startOwnRedis,
  startPhotonStack,
  testNatsUrl,
  waitFor,
} from '@photon/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(240_000);

/** Shared build machines start processes slowly; a condition that holds comes quickly once they are up. */
const STARTUP_MS = 90_000;
const WAIT = { timeoutMs: 30_000 } as const;

const ADDRESS = '0x7e57ab1e00000000000000000000000000c0ffee';
/**
 * Three accounts asked once each: the gateway keeps a balance at `latest` until the next head, so asking
 * one account three times could be answered at the gateway without crossing the bus.
 */
const ADDRESSES = ['c0ffee', 'c0ffef', 'c0fff0'].map((tail) => `${ADDRESS.slice(0, -6)}${tail}`);
const KEY_AS_METHOD = `0x${'5a'.repeat(32)}`;

/** The value of one sample of a /metrics text, e.g. `photon_rpc_requests_total{service="query",method="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  const reply = await fetch(url);
  return { status: reply.status, body: await reply.json() };
}

describe('ops listeners of the cluster', () => {
  let stack: ClusterStack;
  const ops = (process: PhotonProcess) => opsUrlOf(stack, process);

  beforeAll(async () => {
    stack = await startPhotonStack('cluster', {
      ops: true,
      readyTimeoutMs: STARTUP_MS,
      extraArgs: ['--log-level', 'warn'],
    });
  });
  afterAll(() => stack?.stop());

  it('default: every process answers /healthz and /readyz, naming what it checked', async () => {
    const { gateway, query, tx, keystore, events } = stack.processes;
    for (const process of [gateway, query[0]!, tx[0]!, keystore[0]!, events[0]!])
      expect(await getJson(`${ops(process)}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await getJson(`${ops(gateway)}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', services: { query: true, keystore: true, tx: true, events: true } },
    });
    const withEngine = { status: 'ready', checks: { bus: true, store: true, engine: true } };
    for (const process of [query[0]!, tx[0]!, events[0]!])
      expect(await getJson(`${ops(process)}/readyz`)).toEqual({ status: 200, body: withEngine });
    expect(await getJson(`${ops(keystore[0]!)}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { bus: true, store: true } },
    });
  });

  it('default: calls are counted by method and error code at the gateway and at the query service', async () => {
    for (const address of ADDRESSES)
      expect((await rpc(stack.httpUrl, 'eth_getBalance', [address, 'latest'])).result).toBe('0x0');
    expect((await rpc(stack.httpUrl, 'eth_getBalance', [`${ADDRESS}00`, 'latest'])).error?.code).toBe(-32602);
    expect((await rpc(stack.httpUrl, KEY_AS_METHOD, [ADDRESS])).error?.code).toBe(-32601);

    const gateway = await metricsOf(ops(stack.processes.gateway));
    const at = (service: string, rest = '') => `{service="${service}",method="eth_getBalance"${rest}}`;
    expect(sample(gateway, `photon_rpc_requests_total${at('gateway')}`)).toBe(4);
    expect(sample(gateway, `photon_rpc_errors_total${at('gateway', ',code="-32602"')}`)).toBe(1);
    expect(sample(gateway, `photon_rpc_duration_seconds_count${at('gateway')}`)).toBe(4);
    expect(
      sample(gateway, 'photon_rpc_errors_total{service="gateway",method="(unknown)",code="-32601"}'),
    ).toBe(1);
    expect(sample(gateway, 'photon_bus_round_trip_seconds_count{service="query"}')).toBeGreaterThanOrEqual(4);
    expect(sample(gateway, 'photon_ws_sessions{socket="eth"}')).toBe(0);

    // An answer the gateway already holds (the chain id, once given) is counted where it is answered.
    for (let i = 0; i < 3; i++) expect((await rpc(stack.httpUrl, 'eth_chainId', [])).result).toMatch(/^0x/);
    const afterChainId = await metricsOf(ops(stack.processes.gateway));
    expect(sample(afterChainId, 'photon_rpc_requests_total{service="gateway",method="eth_chainId"}')).toBe(3);
    expect(sample(afterChainId, 'photon_gateway_edge_hits_total{kind="chain"}')).toBeGreaterThanOrEqual(2);
    expect(sample(afterChainId, 'photon_gateway_edge_misses_total{kind="chain"}')).toBeGreaterThanOrEqual(1);

    const query = await metricsOf(ops(stack.processes.query[0]!));
    expect(sample(query, `photon_rpc_requests_total${at('query')}`)).toBe(4);
    expect(sample(query, `photon_rpc_errors_total${at('query', ',code="-32602"')}`)).toBe(1);
    expect(sample(query, 'photon_query_cache_misses_total{cache="blocks"}')).toBeDefined();
    expect(sample(query, 'photon_rpc_requests_total{service="query",method="eth_chainId"}')).toBe(1);
    expect(query).toContain('process_resident_memory_bytes');

    for (const text of [gateway, query]) {
      for (const address of ADDRESSES) expect(text.toLowerCase()).not.toContain(address.slice(2));
      expect(text).not.toContain(KEY_AS_METHOD.slice(2));
    }
  });

  it('default: the head, its age and the leadership are read at scrape time', async () => {
    const events = ops(stack.processes.events[0]!);
    const query = ops(stack.processes.query[0]!);
    await waitFor(
      async () => sample(await metricsOf(events), 'photon_events_leader{service="events"}') === 1,
      {
        what: 'the only events replica to lead',
      },
    );
    await waitFor(
      async () => (sample(await metricsOf(query), 'photon_engine_height{service="query"}') ?? 0) > 0,
      {
        what: 'the query service to see a head',
      },
    );
    const text = await metricsOf(events);
    expect(sample(text, 'photon_engine_height{service="events"}')).toBeGreaterThan(0);
    expect(sample(text, 'photon_engine_head_age_seconds{service="events"}')).toBeLessThan(60);
    expect(sample(text, 'photon_filters_live{service="events"}')).toBeGreaterThanOrEqual(0);
  });
});

describe('a keystore whose Redis stops answering, then SIGTERMed with a call in flight', () => {
  const natsUrl = testNatsUrl();
  const prefix = randomBusPrefix();
  const passphrase = `correct horse ${randomBytes(4).toString('hex')}`;
  let scratch: string;
  let redis: OwnServer;
  let keystore: PhotonProcess;
  let gateway: PhotonProcess;
  let httpUrl: string;
  let opsUrl: string;
  let gatewayOpsUrl: string;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-ops-'));
    const kekFile = join(scratch, 'kek');
    await writeFile(kekFile, randomBytes(32).toString('hex'), { mode: 0o600 });
    redis = await startOwnRedis(join(scratch, 'redis'));
    const [opsPort, gatewayOpsPort, httpPort, wsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    opsUrl = `http://127.0.0.1:${opsPort}`;
    gatewayOpsUrl = `http://127.0.0.1:${gatewayOpsPort}`;
    httpUrl = `http://127.0.0.1:${httpPort}`;
    const bus = ['--nats-url', natsUrl, '--bus-prefix', prefix, '--log-level', 'warn'];
    keystore = spawnPhoton([
      'keystore',
      ...bus,
      '--redis-url',
      redis.url,
      '--keystore-dir',
      join(scratch, 'keys'),
      '--keystore-kek-file',
      kekFile,
      '--lightkdf',
      '--ops-laddr',
      `tcp://127.0.0.1:${opsPort}`,
    ]);
    gateway = spawnPhoton([
      'gateway',
      ...bus,
      '--laddr',
      `tcp://127.0.0.1:${httpPort}`,
      '--wsport',
      String(wsPort),
      '--rpc-api',
      'personal',
      '--ops-laddr',
      `tcp://127.0.0.1:${gatewayOpsPort}`,
    ]);
    // Not the gateway's /readyz: exposing personal makes it wait for a tx service too (personal_sendTransaction).
    await waitFor(
      async () => (await getJson(`${opsUrl}/readyz`).catch(() => ({ status: 0 }))).status === 200,
      {
        what: 'the keystore to be ready',
        timeoutMs: STARTUP_MS,
        detail: () => keystore.output(),
      },
    );
    await waitFor(async () => (await fetch(`${httpUrl}/healthz`).catch(() => undefined))?.status === 200, {
      what: 'the gateway to listen',
      timeoutMs: STARTUP_MS,
      detail: () => gateway.output(),
    });
  });
  afterAll(async () => {
    redis?.current().child.kill('SIGCONT');
    await Promise.all([keystore?.stop(), gateway?.stop()]);
    await redis?.kill('SIGTERM');
    await removeJetStreamOf(natsUrl, prefix);
    await rm(scratch, { recursive: true, force: true });
  });

  it('behavior: unready while Redis hangs, draining once SIGTERMed, and the call in flight still answers', async () => {
    const created = await rpc<string>(httpUrl, 'personal_newAccount', [passphrase]);
    const address = created.result!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await getJson(`${opsUrl}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { bus: true, store: true } },
    });

    redis.current().child.kill('SIGSTOP');
    await waitFor(async () => (await getJson(`${opsUrl}/readyz`)).status === 503, {
      what: 'readyz to fail',
      ...WAIT,
    });
    expect((await getJson(`${opsUrl}/readyz`)).body).toEqual({
      status: 'unavailable',
      checks: { bus: true, store: false },
    });

    // The unlock decrypts, then waits on Redis: in flight until Redis answers again.
    const unlocking = rpc<boolean>(httpUrl, 'personal_unlockAccount', [address, passphrase, 60]);
    await waitFor(
      async () => sample(await metricsOf(opsUrl), 'photon_bus_requests_in_flight{service="keystore"}') === 1,
      { what: 'the unlock to be in flight at the keystore', ...WAIT },
    );
    keystore.child.kill('SIGTERM');
    await waitFor(
      async () => ((await getJson(`${opsUrl}/readyz`)).body as { status?: string }).status === 'draining',
      { what: 'readyz to say draining', ...WAIT },
    );
    expect((await getJson(`${opsUrl}/readyz`)).status).toBe(503);
    expect(keystore.hasExited()).toBe(false);

    redis.current().child.kill('SIGCONT');
    expect((await unlocking).result).toBe(true);
    expect(await keystore.exited).toBe(0);

    const metrics = await metricsOf(gatewayOpsUrl);
    expect(
      sample(metrics, 'photon_rpc_requests_total{service="gateway",method="personal_unlockAccount"}'),
    ).toBe(1);
    expect(metrics).not.toContain(passphrase);
    expect(metrics.toLowerCase()).not.toContain(address.slice(2).toLowerCase());
  });
});

describe('photon start --ops-laddr', () => {
  let stack: InProcessStack;
  beforeAll(async () => {
    stack = await startPhotonStack('in-process', {
      ops: true,
      readyTimeoutMs: STARTUP_MS,
      extraArgs: ['--log-level', 'warn'],
    });
  });
  afterAll(() => stack?.stop());

  it('default: serves /healthz, /readyz and /metrics of every layer in one process', async () => {
    const ops = opsUrlOf(stack, stack.processes.single);
    expect(await getJson(`${ops}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await getJson(`${ops}/readyz`)).toMatchObject({ status: 200, body: { status: 'ready' } });
    expect((await rpc(stack.httpUrl, 'eth_getBalance', [ADDRESS, 'latest'])).result).toBe('0x0');
    const text = await metricsOf(ops);
    expect(sample(text, 'photon_rpc_requests_total{service="gateway",method="eth_getBalance"}')).toBe(1);
    expect(sample(text, 'photon_rpc_requests_total{service="query",method="eth_getBalance"}')).toBe(1);
    expect(text.toLowerCase()).not.toContain(ADDRESS.slice(2));
  });
});

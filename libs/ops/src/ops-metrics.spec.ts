import { OpsMetrics } from './ops-metrics';

/** The value of one sample line of `text`, e.g. `photon_rpc_requests_total{service="query",method="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(OpsMetrics.name, () => {
  it('default: calls are counted per layer and method, errors per code, latency in a histogram', async () => {
    const metrics = new OpsMetrics();
    metrics.observeCall('gateway', 'eth_getBalance', 0.002);
    metrics.observeCall('gateway', 'eth_getBalance', 0.004, -32602);
    metrics.observeCall('query', 'eth_getBalance', 0.001);
    const text = await metrics.text();
    expect(sample(text, 'photon_rpc_requests_total{service="gateway",method="eth_getBalance"}')).toBe(2);
    expect(sample(text, 'photon_rpc_requests_total{service="query",method="eth_getBalance"}')).toBe(1);
    expect(
      sample(text, 'photon_rpc_errors_total{service="gateway",method="eth_getBalance",code="-32602"}'),
    ).toBe(1);
    expect(sample(text, 'photon_rpc_duration_seconds_count{service="gateway",method="eth_getBalance"}')).toBe(
      2,
    );
    expect(
      sample(
        text,
        'photon_rpc_duration_seconds_bucket{le="0.0025",service="gateway",method="eth_getBalance"}',
      ),
    ).toBe(1);
  });

  it('default: process metrics are there', async () => {
    const text = await new OpsMetrics().text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('behavior: two instances never share a registry (photon start and tests may make several)', async () => {
    const first = new OpsMetrics();
    const second = new OpsMetrics();
    first.observeCall('gateway', 'eth_chainId', 0.001);
    expect(await second.text()).not.toContain('method="eth_chainId"');
  });

  it('behavior: no client input reaches a label: unknown methods collapse, params are never seen', async () => {
    const metrics = new OpsMetrics();
    const secret = '0x4c0883a69102937d6231471b5dbb6204fe512961708279f1d8b1b8b1b8b1b8b1';
    metrics.observeCall('gateway', secret, 0.001, -32601);
    metrics.observeCall('gateway', 'hunter2 passphrase', 0.001, -32601);
    metrics.observeInvalid('gateway', -32600);
    metrics.observeCall('gateway', 'eth_call', 0.001, Number.NaN);
    metrics.observeCall('tx', 'photon_faucet', 0.001);
    const text = await metrics.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
    expect(sample(text, 'photon_rpc_errors_total{service="gateway",method="(unknown)",code="-32601"}')).toBe(
      2,
    );
    expect(sample(text, 'photon_rpc_errors_total{service="gateway",method="(invalid)",code="-32600"}')).toBe(
      1,
    );
    expect(sample(text, 'photon_rpc_errors_total{service="gateway",method="eth_call",code="-32603"}')).toBe(
      1,
    );
  });

  it('behavior: a refused call is counted with its code, not timed', async () => {
    const metrics = new OpsMetrics();
    metrics.observeRefused('gateway', 'eth_call', -32005);
    const text = await metrics.text();
    expect(sample(text, 'photon_rpc_errors_total{service="gateway",method="eth_call",code="-32005"}')).toBe(
      1,
    );
    expect(sample(text, 'photon_rpc_requests_total{service="gateway",method="eth_call"}')).toBe(1);
    expect(
      sample(text, 'photon_rpc_duration_seconds_count{service="gateway",method="eth_call"}'),
    ).toBeUndefined();
  });

  it('default: the bus round trip is per service', async () => {
    const metrics = new OpsMetrics();
    metrics.observeBusRoundTrip('query', 0.003);
    expect(sample(await metrics.text(), 'photon_bus_round_trip_seconds_count{service="query"}')).toBe(1);
  });

  it('default: scrape-time sources are read at each scrape', async () => {
    const metrics = new OpsMetrics();
    let hits = 3;
    metrics.sources.watchCaches(() => ({ final: { hits, misses: 5 } }));
    metrics.sources.watchHead('query', () => ({ height: 42n, atMs: Date.now() - 2_000 }));
    metrics.sources.watchInFlight('query', () => 2);
    metrics.sources.watchSockets(() => ({ eth: { sessions: 4, subscriptions: 7 } }));
    metrics.sources.watchEdge(() => ({ 'head-number': { hits: 11, misses: 1 } }));
    metrics.sources.watchEvents(() =>
      Promise.resolve({ liveFilters: 9, leading: true, published: { height: 41n, atMs: Date.now() } }),
    );
    let text = await metrics.text();
    expect(sample(text, 'photon_query_cache_hits_total{cache="final"}')).toBe(3);
    expect(sample(text, 'photon_query_cache_misses_total{cache="final"}')).toBe(5);
    expect(sample(text, 'photon_engine_height{service="query"}')).toBe(42);
    expect(sample(text, 'photon_engine_height{service="events"}')).toBe(41);
    expect(sample(text, 'photon_engine_head_age_seconds{service="query"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'photon_bus_requests_in_flight{service="query"}')).toBe(2);
    expect(sample(text, 'photon_ws_sessions{socket="eth"}')).toBe(4);
    expect(sample(text, 'photon_ws_subscriptions{socket="eth"}')).toBe(7);
    expect(sample(text, 'photon_filters_live{service="events"}')).toBe(9);
    expect(sample(text, 'photon_events_leader{service="events"}')).toBe(1);
    expect(sample(text, 'photon_gateway_edge_hits_total{kind="head-number"}')).toBe(11);
    expect(sample(text, 'photon_gateway_edge_misses_total{kind="head-number"}')).toBe(1);
    hits = 10;
    text = await metrics.text();
    expect(sample(text, 'photon_query_cache_hits_total{cache="final"}')).toBe(10);
  });

  it('error: a failing source leaves its metric empty, the scrape still answers', async () => {
    const metrics = new OpsMetrics();
    metrics.sources.watchEvents(() => Promise.reject(new Error('redis down')));
    metrics.sources.watchCaches(() => {
      throw new Error('broken');
    });
    metrics.observeCall('query', 'eth_chainId', 0.001);
    const text = await metrics.text();
    expect(text).not.toMatch(/^photon_filters_live/m);
    expect(text).not.toMatch(/^photon_query_cache_hits_total/m);
    expect(sample(text, 'photon_rpc_requests_total{service="query",method="eth_chainId"}')).toBe(1);
  });
});

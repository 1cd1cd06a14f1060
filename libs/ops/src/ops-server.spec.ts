import { Draining } from './draining';
import { OpsMetrics } from './ops-metrics';
import { type OpsServer, serveOps } from './ops-server';
import { Readiness } from './readiness';

describe(serveOps.name, () => {
  let server: OpsServer;
  let storeUp = true;
  const draining = new Draining();
  const metrics = new OpsMetrics();
  const url = (path: string) => `http://127.0.0.1:${server.port}${path}`;

  beforeAll(async () => {
    const readiness = new Readiness({ store: () => Promise.resolve(storeUp) }, draining);
    server = await serveOps({ host: '127.0.0.1', port: 0 }, { readiness: () => readiness.report(), metrics });
  });
  afterAll(() => server.close());

  it('default: /healthz answers 200 {"status":"ok"}', async () => {
    const reply = await fetch(url('/healthz'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(await reply.json()).toEqual({ status: 'ok' });
  });

  it('default: /metrics is Prometheus text', async () => {
    metrics.observeCall('gateway', 'eth_chainId', 0.001);
    const reply = await fetch(url('/metrics'));
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await reply.text()).toContain(
      'photon_rpc_requests_total{service="gateway",method="eth_chainId"} 1',
    );
  });

  it('behavior: /readyz follows its checks, then draining, with the reason in the body', async () => {
    let reply = await fetch(url('/readyz'));
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ status: 'ready', checks: { store: true } });
    storeUp = false;
    reply = await fetch(url('/readyz?verbose'));
    expect(reply.status).toBe(503);
    expect(await reply.json()).toEqual({ status: 'unavailable', checks: { store: false } });
    storeUp = true;
    draining.begin();
    reply = await fetch(url('/readyz'));
    expect(reply.status).toBe(503);
    expect(await reply.json()).toEqual({ status: 'draining', checks: { store: true } });
  });

  it('error: other paths and methods get a JSON error', async () => {
    const missing = await fetch(url('/0xdeadbeef'));
    expect(missing.status).toBe(404);
    expect(JSON.stringify(await missing.json())).not.toContain('deadbeef');
    const post = await fetch(url('/metrics'), { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: '/metrics answers GET' });
  });

  it('error: an address in use fails with one line', async () => {
    await expect(
      serveOps(
        { host: '127.0.0.1', port: server.port },
        { readiness: () => Promise.reject(new Error()), metrics },
      ),
    ).rejects.toThrow(`ops listener on 127.0.0.1:${server.port}: EADDRINUSE`);
  });
});

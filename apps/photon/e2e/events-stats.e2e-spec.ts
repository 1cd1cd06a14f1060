// The metrics hooks of the event half (issue 11 item 6): live filters of the tier, whether this events
// replica publishes the heads and how far, and at the gateway the live sockets, subscriptions and the last
// head with its lag. Runs the tier in this process so the hooks can be read.
import { EventsStats } from '@photon/events';
import { EngineEventSocket, SubscriptionHub } from '@photon/gateway';
import { rpc, waitFor } from '@photon/testing';
import { WebSocket } from 'ws';
import { type TestTier, startTestTier } from './in-process-app';

jest.setTimeout(60_000);

describe('metrics hooks of the event half', () => {
  let tier: TestTier;

  beforeAll(async () => {
    tier = await startTestTier(['--block-time', '200ms']);
  });
  afterAll(async () => {
    await tier?.close();
  });

  it('default: filters, leadership, sockets, subscriptions and head lag are counted as they change', async () => {
    const events = tier.app.get(EventsStats);
    const hub = tier.app.get(SubscriptionHub);
    await waitFor(async () => (await events.snapshot()).published !== undefined, {
      what: 'a published head',
    });
    expect(await events.snapshot()).toMatchObject({ liveFilters: 0, leading: true });

    const ids = [
      (await rpc<string>(tier.httpUrl, 'eth_newBlockFilter')).result!,
      (await rpc<string>(tier.httpUrl, 'eth_newFilter', [{}])).result!,
    ];
    expect((await events.snapshot()).liveFilters).toBe(2);
    await rpc(tier.httpUrl, 'eth_uninstallFilter', [ids[0]]);
    expect((await events.snapshot()).liveFilters).toBe(1);

    const ws = new WebSocket(tier.wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
      await waitFor(() => Promise.resolve(hub.stats().lastHead !== undefined), {
        what: 'a head at the gateway',
      });
      const stats = hub.stats();
      expect({ sockets: stats.sockets, subscriptions: stats.subscriptions }).toEqual({
        sockets: 1,
        subscriptions: 1,
      });
      const published = (await events.snapshot()).published!.height;
      expect(stats.lastHead!.height).toBeLessThanOrEqual(published);
      expect(stats.lastHead!.lagMs).toBeGreaterThanOrEqual(0);
    } finally {
      ws.close();
    }
    await waitFor(() => Promise.resolve(hub.stats().sockets === 0), { what: 'the socket to be counted out' });
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('default: engine-event sockets, their subscriptions and the upstream queries are counted', async () => {
    const events = tier.app.get(EventsStats);
    const sockets = tier.app.get(EngineEventSocket);
    const ws = new WebSocket(`${tier.wsUrl}/websocket`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const replies: unknown[] = [];
    ws.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString('utf8'))));
    try {
      for (const [id, query] of [
        [1, "tm.event='NewBlockHeader'"],
        [2, "tm.event='Tx'"],
      ] as const) {
        ws.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscribe', params: { query } }));
      }
      await waitFor(() => Promise.resolve(sockets.stats().subscriptions === 2 && replies.length >= 2), {
        what: 'two engine-event subscriptions',
      });
      expect(sockets.stats()).toEqual({ connections: 1, queries: 2, subscriptions: 2 });
      expect((await events.snapshot()).engineQueries).toEqual({
        upstreamQueries: 2,
        upstreamConnections: 1,
        gateways: 1,
      });
    } finally {
      ws.close();
    }
    await waitFor(() => Promise.resolve(sockets.stats().connections === 0), {
      what: 'the socket counted out',
    });
    expect(sockets.stats()).toEqual({ connections: 0, queries: 0, subscriptions: 0 });
    await waitFor(async () => (await events.snapshot()).engineQueries.upstreamQueries === 0, {
      what: 'the engine subscriptions to end',
    });
  });
});

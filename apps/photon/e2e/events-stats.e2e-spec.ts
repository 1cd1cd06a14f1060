// The metrics hooks of the event half (issue 11 item 6): live filters of the tier, whether this events
// replica publishes the heads and how far, and at the gateway the live sockets, subscriptions and the last
// head with its lag. Runs the tier in this process so the hooks can be read.
import { EventsStats } from '@photon/events';
import { SubscriptionHub } from '@photon/gateway';
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
});

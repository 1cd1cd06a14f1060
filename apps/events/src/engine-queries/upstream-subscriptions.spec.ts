// How the leader spreads its engine subscriptions over websockets: never more queries on one than the
// engine allows a client, a connection left without queries closed, a refused query taking nothing.
import type { CometWebsocketClient } from '@photon/engine-client';
import { UpstreamSubscriptions } from './upstream-subscriptions';

class FakeClient {
  readonly queries = new Set<string>();
  closed = false;

  subscribe(query: string): Promise<{ query: string; unsubscribe(): Promise<void> }> {
    if (query === 'refused') return Promise.reject(new Error('refused by the engine'));
    this.queries.add(query);
    return Promise.resolve({
      query,
      unsubscribe: () => {
        this.queries.delete(query);
        return Promise.resolve();
      },
    });
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

describe('UpstreamSubscriptions', () => {
  let clients: FakeClient[];
  let upstream: UpstreamSubscriptions;

  beforeEach(() => {
    clients = [];
    upstream = new UpstreamSubscriptions(() => {
      const client = new FakeClient();
      clients.push(client);
      return client as unknown as CometWebsocketClient;
    }, 5);
  });

  it('default: 12 queries take three connections of at most 5; holding one twice subscribes it once', async () => {
    await Promise.all(Array.from({ length: 12 }, (_, index) => upstream.hold(`q${index}`, () => undefined)));
    await upstream.hold('q0', () => undefined);
    expect(clients.map((client) => client.queries.size)).toEqual([5, 5, 2]);
    expect(upstream.held().size).toBe(12);
    expect(upstream.connectionCount).toBe(3);
  });

  it('behavior: a connection whose queries all ended is closed; a freed place is used again', async () => {
    for (let index = 0; index < 7; index++) await upstream.hold(`q${index}`, () => undefined);
    await upstream.drop('q5');
    await upstream.drop('q6');
    expect(clients[1]!.closed).toBe(true);
    await upstream.drop('q0');
    await upstream.hold('q7', () => undefined);
    expect(clients[0]!.queries.has('q7')).toBe(true);
    expect(upstream.connectionCount).toBe(1);
    await upstream.dropAll();
    expect(clients[0]!.closed).toBe(true);
    expect(upstream.held().size).toBe(0);
  });

  it('error: a query the engine refuses is not held and leaves no idle connection', async () => {
    await expect(upstream.hold('refused', () => undefined)).rejects.toThrow('refused by the engine');
    expect(upstream.held().size).toBe(0);
    expect(clients[0]!.closed).toBe(true);
    expect(upstream.connectionCount).toBe(0);
  });
});

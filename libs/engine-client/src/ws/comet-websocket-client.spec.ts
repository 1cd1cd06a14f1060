import { freePort, waitFor } from '@photon/testing';
import { createServer } from 'node:net';
import { EngineRpcError, EngineUnavailableError } from '../errors';
import { FakeCometWebsocket } from '../testing/fake-comet-websocket';
import { type CometEventMessage, eventHeight } from './comet-event';
import { CometWebsocketClient, type ReconnectInfo } from './comet-websocket-client';

const NEW_BLOCK = "tm.event='NewBlock'";
const FAST = { initialBackoffMs: 20, maxBackoffMs: 100, requestTimeoutMs: 2_000 };

describe(CometWebsocketClient.name, () => {
  let fake: FakeCometWebsocket;
  let client: CometWebsocketClient;

  afterEach(async () => {
    await client.close();
    await fake.stop();
  });

  const heightsOf = (events: CometEventMessage[]) => events.map((e) => eventHeight(e));

  it('default: subscribe, then events arrive decoded', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const events: CometEventMessage[] = [];
    const subscription = await client.subscribe(NEW_BLOCK, (e) => events.push(e));
    expect(subscription.query).toBe(NEW_BLOCK);
    expect(client.connected).toBe(true);
    fake.publish(NEW_BLOCK, 7);
    await waitFor(() => Promise.resolve(events.length === 1), { what: 'one event', timeoutMs: 2_000 });
    expect(events[0]).toMatchObject({ query: NEW_BLOCK, type: 'tendermint/event/NewBlock' });
    expect(events[0]?.events['tm.event']).toEqual(['NewBlock']);
    expect(heightsOf(events)).toEqual([7n]);
  });

  it('behavior: listeners of one query share one server subscription; the last unsubscribe ends it', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const a: CometEventMessage[] = [];
    const b: CometEventMessage[] = [];
    const first = await client.subscribe(NEW_BLOCK, (e) => a.push(e));
    const second = await client.subscribe(NEW_BLOCK, (e) => b.push(e));
    expect(fake.subscribedQueries).toEqual([NEW_BLOCK]);
    fake.publish(NEW_BLOCK, 1);
    await waitFor(() => Promise.resolve(a.length === 1 && b.length === 1), { what: 'both listeners' });
    await first.unsubscribe();
    expect(fake.subscribedQueries).toEqual([NEW_BLOCK]);
    await second.unsubscribe();
    expect(fake.requests.map((r) => r.method)).toEqual(['subscribe', 'unsubscribe']);
    expect(fake.subscribedQueries).toEqual([]);
  });

  it('behavior: close() during the handshake leaves no socket open; concurrent connects share one', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const connecting = [client.connect(), client.connect()];
    await client.close();
    await expect(Promise.all(connecting)).rejects.toThrow('closed while connecting');
    await waitFor(() => Promise.resolve(fake.connections === 0), { what: 'no connection left' });
    expect(client.connected).toBe(false);
    const second = new CometWebsocketClient(fake.url, FAST);
    await Promise.all([second.connect(), second.connect()]);
    expect(fake.connections).toBe(1);
    await second.close();
  });

  it('behavior: a dropped connection is reopened, every query subscribed again, and reconnect reported', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const events: CometEventMessage[] = [];
    const reconnects: ReconnectInfo[] = [];
    const disconnects: string[] = [];
    client.onReconnect((info) => reconnects.push(info));
    client.onDisconnect((reason) => disconnects.push(reason));
    await client.subscribe(NEW_BLOCK, (e) => events.push(e));
    await client.subscribe("tm.event='Tx'", () => undefined);
    fake.dropConnections();
    await waitFor(() => Promise.resolve(reconnects.length === 1), { what: 'reconnect', timeoutMs: 5_000 });
    expect(disconnects).toHaveLength(1);
    expect(reconnects[0]).toMatchObject({ cause: 'connection' });
    expect([...(reconnects[0]?.queries ?? [])].sort()).toEqual([NEW_BLOCK, "tm.event='Tx'"].sort());
    expect(fake.subscribedQueries.sort()).toEqual([NEW_BLOCK, "tm.event='Tx'"].sort());
    fake.publish(NEW_BLOCK, 9);
    await waitFor(() => Promise.resolve(events.length === 1), { what: 'event after reconnect' });
    expect(heightsOf(events)).toEqual([9n]);
  });

  it('behavior: an engine down for a while is retried with backoff until it is back', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const reconnects: ReconnectInfo[] = [];
    client.onReconnect((info) => reconnects.push(info));
    await client.subscribe(NEW_BLOCK, () => undefined);
    await fake.stop();
    // While down, the port accepts TCP and hangs up at once: each reconnect attempt is seen and fails.
    let attempts = 0;
    const refusing = createServer((socket) => {
      attempts++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => refusing.listen(fake.port, '127.0.0.1', resolve));
    await waitFor(() => Promise.resolve(attempts >= 3), { what: 'three failed attempts', timeoutMs: 5_000 });
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
    expect(reconnects).toEqual([]);
    await fake.restart();
    await waitFor(() => Promise.resolve(reconnects.length === 1), { what: 'reconnect', timeoutMs: 5_000 });
    expect(reconnects[0]?.attempts).toBeGreaterThan(3);
    expect(fake.subscribedQueries).toEqual([NEW_BLOCK]);
  });

  it('behavior: a subscription the node cancels (slow reader) is subscribed again and reported', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const events: CometEventMessage[] = [];
    const reconnects: ReconnectInfo[] = [];
    client.onReconnect((info) => reconnects.push(info));
    await client.subscribe(NEW_BLOCK, (e) => events.push(e));
    fake.cancel(NEW_BLOCK);
    await waitFor(() => Promise.resolve(reconnects.length === 1), { what: 'resubscription' });
    expect(reconnects[0]).toMatchObject({ cause: 'cancelled', queries: [NEW_BLOCK], attempts: 1 });
    fake.publish(NEW_BLOCK, 3);
    await waitFor(() => Promise.resolve(events.length === 1), { what: 'event after resubscription' });
  });

  it('behavior: a silent connection (no pong) is dropped by the ping watchdog and reopened', async () => {
    fake = await FakeCometWebsocket.start(0, { autoPong: false });
    client = new CometWebsocketClient(fake.url, { ...FAST, pingIntervalMs: 50 });
    const disconnects: string[] = [];
    const reconnects: ReconnectInfo[] = [];
    client.onDisconnect((reason) => disconnects.push(reason));
    client.onReconnect((info) => reconnects.push(info));
    await client.subscribe(NEW_BLOCK, () => undefined);
    await waitFor(() => Promise.resolve(disconnects.length >= 1), {
      what: 'watchdog drop',
      timeoutMs: 2_000,
    });
    await waitFor(() => Promise.resolve(reconnects.length >= 1), { what: 'reopened', timeoutMs: 2_000 });
  });

  it('behavior: a listener that throws does not stop the others; the error is reported', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const errors: Error[] = [];
    const events: CometEventMessage[] = [];
    client.onError((e) => errors.push(e));
    await client.subscribe(NEW_BLOCK, () => {
      throw new Error('listener bug');
    });
    await client.subscribe(NEW_BLOCK, (e) => events.push(e));
    fake.publish(NEW_BLOCK, 1);
    await waitFor(() => Promise.resolve(events.length === 1 && errors.length === 1), { what: 'delivery' });
    expect(errors[0]?.message).toBe('listener bug');
  });

  it('behavior: close ends the connection without a disconnect report; the client is then unusable', async () => {
    fake = await FakeCometWebsocket.start();
    client = new CometWebsocketClient(fake.url, FAST);
    const disconnects: string[] = [];
    client.onDisconnect((reason) => disconnects.push(reason));
    await client.subscribe(NEW_BLOCK, () => undefined);
    await client.close();
    expect(client.connected).toBe(false);
    expect(disconnects).toEqual([]);
    await waitFor(() => Promise.resolve(fake.connections === 0), { what: 'server side closed' });
    await expect(client.subscribe(NEW_BLOCK, () => undefined)).rejects.toThrow(/closed/);
  });

  it('error: nothing listens: connect fails with EngineUnavailableError', async () => {
    fake = await FakeCometWebsocket.start();
    const port = await freePort();
    client = new CometWebsocketClient(`tcp://127.0.0.1:${port}`, FAST);
    await expect(client.connect()).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(client.subscribe(NEW_BLOCK, () => undefined)).rejects.toBeInstanceOf(EngineUnavailableError);
  });

  it('error: a refused subscription is an EngineRpcError and leaves nothing registered', async () => {
    fake = await FakeCometWebsocket.start(0, { refuseWith: 'max_subscriptions_per_client 5 reached' });
    client = new CometWebsocketClient(fake.url, FAST);
    const failure = client.subscribe(NEW_BLOCK, () => undefined);
    await expect(failure).rejects.toBeInstanceOf(EngineRpcError);
    await expect(failure).rejects.toMatchObject({ data: 'max_subscriptions_per_client 5 reached' });
  });
});

// The /websocket endpoint against raw ws clients and @cosmjs/tendermint-rpc's WebsocketClient, on
// a tiny route table and a hand-driven EventBus: subscriptions, limits, slow readers, plain calls.
import type { AddressInfo } from 'node:net';
import { WebsocketClient } from '@cosmjs/tendermint-rpc';
import { WebSocket } from 'ws';
import { type CometEvent, EventBus } from '../events/comet-event';
import { createCometHttpServer } from '../rpc/comet-http-server';
import type { Route } from '../rpc/route';
import { RouteDispatcher } from '../rpc/route-dispatcher';
import { type CometWebsocket, attachCometWebsocket } from './comet-websocket';
import type { WebsocketLimits } from './websocket-limits';

const ROUTES: Route[] = [
  {
    name: 'echo',
    args: [{ name: 'height', kind: 'int' }],
    handle: (args, context) =>
      Promise.resolve({ height: String(args['height']), connection: context.connectionId }),
  },
  { name: 'broken', args: [], handle: () => Promise.reject(new Error('height 9 is not available')) },
  { name: 'ws_only', args: [], handle: () => Promise.resolve('over ws'), websocketOnly: true },
  // The real table lists subscribe for the HTTP side; the websocket must answer it itself.
  {
    name: 'subscribe',
    args: [{ name: 'query', kind: 'string' }],
    handle: () => Promise.resolve('route'),
    websocketOnly: true,
  },
];

const RECIPIENT = '0x00000000000000000000000000000000000000aa';

const newBlock = (height: number, padding = ''): CometEvent => ({
  type: 'NewBlock',
  value: { block: { header: { height: String(height) }, padding } },
  events: { 'tm.event': ['NewBlock'], 'block.height': [String(height)] },
});

const tx = (height: number, recipient: string): CometEvent => ({
  type: 'Tx',
  value: { TxResult: { height: String(height), index: 0 } },
  events: { 'tm.event': ['Tx'], 'tx.height': [String(height)], 'ethereum.recipient': [recipient] },
});

const subscribe = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'subscribe',
  params: { query },
});
const unsubscribe = (id: number, query: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'unsubscribe',
  params: { query },
});
const ok = (id: number | string, result: unknown = {}) => ({ jsonrpc: '2.0', id, result });
const internal = (id: number | string, data: string) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32603, message: 'Internal error', data },
});
const eventMessage = (id: number, query: string, event: CometEvent) => ({
  jsonrpc: '2.0',
  id,
  result: {
    query,
    data: { type: `tendermint/event/${event.type}`, value: event.value },
    events: event.events,
  },
});

/** A frame as the server writes it. */
interface Message {
  readonly jsonrpc: string;
  readonly id?: string | number;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string; readonly data?: string };
}

/** A raw ws client that hands out messages in arrival order. */
class Peer {
  private readonly received: Message[] = [];
  private waiter: ((message: Message) => void) | undefined;
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as Message;
      if (this.waiter === undefined) return void this.received.push(message);
      const waiter = this.waiter;
      this.waiter = undefined;
      waiter(message);
    });
    this.closed = new Promise((resolve) => socket.once('close', resolve));
  }

  static connect(url: string, options: { autoPong?: boolean } = {}): Promise<Peer> {
    const socket = new WebSocket(`${url}/websocket`, options);
    const peer = new Peer(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(peer));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(): Promise<Message> {
    const message = this.received.shift();
    if (message !== undefined) return Promise.resolve(message);
    return new Promise((resolve) => (this.waiter = resolve));
  }

  request(message: unknown): Promise<Message> {
    this.send(message);
    return this.next();
  }
}

describe('attachCometWebsocket', () => {
  let cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    cleanups = [];
  });

  async function start(limits?: Partial<WebsocketLimits>) {
    const bus = new EventBus();
    const dispatcher = new RouteDispatcher(ROUTES);
    const server = createCometHttpServer(dispatcher);
    const websocket: CometWebsocket = attachCometWebsocket(server, dispatcher, bus, limits);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    cleanups.push(() => websocket.close());
    const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const connect = async (options?: { autoPong?: boolean }) => {
      const peer = await Peer.connect(url, options);
      cleanups.push(() => peer.socket.terminate());
      return peer;
    };
    return { bus, url, websocket, connect };
  }

  /** Waits for server-side state that no message announces, e.g. a socket the server has let go of. */
  async function until(condition: () => boolean): Promise<void> {
    while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  it('default: subscribe answers {} at once, then only matching events on the subscribe id', async () => {
    const { bus, connect } = await start();
    const peer = await connect();
    expect(await peer.request(subscribe(1, "tm.event='NewBlock'"))).toEqual(ok(1));
    bus.publish(tx(1, RECIPIENT));
    bus.publish(newBlock(2));
    expect(await peer.next()).toEqual(eventMessage(1, "tm.event='NewBlock'", newBlock(2)));
  });

  it('args: positional params and string ids', async () => {
    const { bus, connect } = await start();
    const peer = await connect();
    const request = { jsonrpc: '2.0', id: 'blocks', method: 'subscribe', params: ["tm.event='NewBlock'"] };
    expect(await peer.request(request)).toEqual(ok('blocks'));
    bus.publish(newBlock(3));
    expect(await peer.next()).toMatchObject({ id: 'blocks', result: { query: "tm.event='NewBlock'" } });
  });

  it('behavior: a Tx query on an Ethereum attribute, echoed as the client wrote it', async () => {
    const { bus, connect } = await start();
    const peer = await connect();
    const query = `tm.event = 'Tx'  AND ethereum.recipient='${RECIPIENT}'`;
    expect(await peer.request(subscribe(5, query))).toEqual(ok(5));
    bus.publish(tx(1, '0x00000000000000000000000000000000000000bb'));
    bus.publish(newBlock(1));
    bus.publish(tx(2, RECIPIENT));
    expect(await peer.next()).toEqual(eventMessage(5, query, tx(2, RECIPIENT)));
  });

  it('behavior: the frames are compact Go JSON, with map keys sorted and HTML characters escaped', async () => {
    const { bus, connect } = await start();
    const peer = await connect();
    const raw = new Promise<string>((resolve) =>
      peer.socket.on('message', (data: Buffer) => {
        if (data.toString().includes('result":{"query')) resolve(data.toString());
      }),
    );
    await peer.request(subscribe(1, "tm.event='NewBlock'"));
    bus.publish({
      type: 'NewBlock',
      value: { note: '<a&b>' },
      events: { 'tm.event': ['NewBlock'], 'a.b': ['1'] },
    });
    expect(await raw).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"query":"tm.event=\'NewBlock\'","data":{"type":"tendermint/event/NewBlock",' +
        '"value":{"note":"\\u003ca\\u0026b\\u003e"}},"events":{"a.b":["1"],"tm.event":["NewBlock"]}}}',
    );
  });

  it('behavior: unsubscribe and unsubscribe_all stop the events; queries match in their canonical form', async () => {
    const { bus, connect } = await start();
    const peer = await connect();
    await peer.request(subscribe(1, "tm.event = 'NewBlock'"));
    await peer.request(subscribe(2, "tm.event='Tx'"));
    expect(await peer.request(unsubscribe(3, "tm.event='NewBlock'"))).toEqual(ok(3));
    bus.publish(newBlock(1));
    bus.publish(tx(1, RECIPIENT));
    expect(await peer.next()).toMatchObject({ id: 2, result: { query: "tm.event='Tx'" } });

    expect(await peer.request({ jsonrpc: '2.0', id: 4, method: 'unsubscribe_all' })).toEqual(ok(4));
    bus.publish(tx(2, RECIPIENT));
    expect(await peer.request({ jsonrpc: '2.0', id: 5, method: 'unsubscribe_all', params: [] })).toEqual(
      internal(5, 'subscription not found'),
    );
  });

  it('error: unsubscribing a query that is not subscribed', async () => {
    const { connect } = await start();
    const peer = await connect();
    expect(await peer.request(unsubscribe(1, "tm.event='NewBlock'"))).toEqual(
      internal(1, 'subscription not found'),
    );
    expect(await peer.request(unsubscribe(2, 'tm.event'))).toEqual(
      internal(2, 'failed to parse query: offset 8: EOF'),
    );
  });

  it('error: subscribing the same query twice, however it is spelled', async () => {
    const { connect } = await start();
    const peer = await connect();
    await peer.request(subscribe(1, "tm.event='NewBlock'"));
    expect(await peer.request(subscribe(2, "tm.event = 'NewBlock'"))).toEqual(
      internal(2, 'already subscribed'),
    );
  });

  it('error: invalid, overlong and mistyped queries', async () => {
    const { connect } = await start();
    const peer = await connect();
    expect(await peer.request(subscribe(1, "tm.event='NewBlock' tx.height=5"))).toEqual(
      internal(1, 'failed to parse query: offset 20: got tag, want AND operator'),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: 2, method: 'subscribe' })).toEqual(
      internal(2, 'failed to parse query: offset 0: EOF'),
    );
    expect(await peer.request(subscribe(3, `tx.hash='${'A'.repeat(600)}'`))).toEqual(
      internal(3, 'maximum query length exceeded'),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: 4, method: 'subscribe', params: { query: 5 } })).toEqual(
      internal(
        4,
        'error converting json params to arguments: json: cannot unmarshal number into Go value of type string',
      ),
    );
  });

  it("error: a sixth subscription gets CometBFT's max_subscriptions_per_client", async () => {
    const { connect } = await start();
    const peer = await connect();
    for (let height = 1; height <= 5; height++) {
      expect(await peer.request(subscribe(height, `tx.height=${height}`))).toEqual(ok(height));
    }
    expect(await peer.request(subscribe(6, 'tx.height=6'))).toEqual(
      internal(6, 'max_subscriptions_per_client 5 reached'),
    );
  });

  it('error: max_subscription_clients counts connections with subscriptions, freed on close', async () => {
    const { connect, websocket } = await start({ maxClients: 1 });
    const first = await connect();
    const second = await connect();
    // Connections without subscriptions do not count.
    expect(
      await second.request({ jsonrpc: '2.0', id: 1, method: 'echo', params: { height: '1' } }),
    ).toMatchObject(ok(1));
    expect(await first.request(subscribe(1, "tm.event='NewBlock'"))).toEqual(ok(1));
    expect(await second.request(subscribe(2, "tm.event='NewBlock'"))).toEqual(
      internal(2, 'max_subscription_clients 1 reached'),
    );
    // As in CometBFT the check comes first, so the subscribed client cannot add one either.
    expect(await first.request(subscribe(3, "tm.event='Tx'"))).toEqual(
      internal(3, 'max_subscription_clients 1 reached'),
    );

    first.socket.close();
    await until(() => websocket.connections === 1);
    expect(await second.request(subscribe(4, "tm.event='NewBlock'"))).toEqual(ok(4));
  });

  it("behavior: a slow reader's subscription is cancelled with CometBFT's -32000, the others live on", async () => {
    const { bus, connect } = await start({ bufferSize: 2 });
    const peer = await connect();
    await peer.request(subscribe(1, "tm.event='NewBlock'"));
    await peer.request(subscribe(2, "tm.event='Tx'"));

    // More than any loopback socket buffers: the writes back up into the outbox and overflow it.
    peer.socket.pause();
    const padding = 'x'.repeat(1 << 20);
    for (let height = 0; height < 64; height++) bus.publish(newBlock(height, padding));
    bus.publish(tx(64, RECIPIENT));
    peer.socket.resume();

    const blocks: unknown[] = [];
    let message = await peer.next();
    for (; message.id === 1 && message.result !== undefined; message = await peer.next())
      blocks.push(message);
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.length).toBeLessThan(64);
    blocks.forEach((block, height) =>
      expect(block).toEqual(eventMessage(1, "tm.event='NewBlock'", newBlock(height, padding))),
    );
    expect(message).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: {
        code: -32000,
        message: 'Server error',
        data: 'subscription was canceled (reason: internal subscription event buffer is out of capacity)',
      },
    });
    expect(await peer.next()).toMatchObject({ id: 2, result: { query: "tm.event='Tx'" } });

    // CometBFT 0.38 keeps the cancelled subscription on its books until it is unsubscribed.
    bus.publish(newBlock(65));
    expect(await peer.request(subscribe(3, "tm.event='NewBlock'"))).toEqual(
      internal(3, 'already subscribed'),
    );
    expect(await peer.request(unsubscribe(4, "tm.event='NewBlock'"))).toEqual(ok(4));
    expect(await peer.request(subscribe(5, "tm.event='NewBlock'"))).toEqual(ok(5));
    bus.publish(newBlock(66));
    expect(await peer.next()).toEqual(eventMessage(5, "tm.event='NewBlock'", newBlock(66)));
  });

  it('behavior: a client that reads nothing for writeWait is dropped', async () => {
    const { bus, connect, websocket } = await start({ writeWaitMs: 50 });
    const peer = await connect();
    await peer.request(subscribe(1, "tm.event='NewBlock'"));
    peer.socket.pause();
    const padding = 'x'.repeat(1 << 20);
    for (let height = 0; height < 64; height++) bus.publish(newBlock(height, padding));
    await until(() => websocket.connections === 0);
    peer.socket.resume();
    expect(await peer.closed).toBe(1006);
  });

  it('behavior: other methods go to the route table, with the websocket error codes', async () => {
    const { connect } = await start();
    const peer = await connect();
    expect(await peer.request({ jsonrpc: '2.0', id: 1, method: 'echo', params: { height: '7' } })).toEqual(
      ok(1, { height: '7', connection: expect.stringMatching(/^ws-/) }),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: 2, method: 'echo', params: ['8'] })).toMatchObject(
      ok(2, { height: '8' }),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: 3, method: 'ws_only' })).toEqual(ok(3, 'over ws'));
    expect(await peer.request({ jsonrpc: '2.0', id: 4, method: 'broken' })).toEqual(
      internal(4, 'height 9 is not available'),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: 5, method: 'nope' })).toEqual({
      jsonrpc: '2.0',
      id: 5,
      error: { code: -32601, message: 'Method not found' },
    });
    // Unconvertible params are -32603 over the websocket (-32602 over HTTP).
    const bad = await peer.request({ jsonrpc: '2.0', id: 6, method: 'echo', params: { height: true } });
    expect(bad).toMatchObject({ id: 6, error: { code: -32603, message: 'Internal error' } });
    expect(bad.error?.data).toMatch(/^error converting json params to arguments: /);
    // Go truncates a fractional id, and does not insist on jsonrpc over the websocket.
    expect(await peer.request({ id: 7.9, method: 'ws_only' })).toEqual(ok(7, 'over ws'));
  });

  it('error: unreadable frames, batches and notifications', async () => {
    const { connect } = await start();
    const peer = await connect();
    const parseError = (data: string) => ({
      jsonrpc: '2.0',
      error: {
        code: -32700,
        message: 'Parse error. Invalid JSON',
        data: `error unmarshaling request: ${data}`,
      },
    });
    expect(await peer.request('{"jsonrpc":"2.0",')).toEqual(parseError('unexpected EOF'));
    expect(await peer.request([{ jsonrpc: '2.0', id: 1, method: 'ws_only' }])).toEqual(
      parseError(
        'json: cannot unmarshal array into Go value of type struct { JSONRPC string "json:\\"jsonrpc\\""; ' +
          'ID interface {} "json:\\"id,omitempty\\""; Method string "json:\\"method\\""; Params json.RawMessage "json:\\"params\\"" }',
      ),
    );
    expect(await peer.request({ jsonrpc: '2.0', id: true, method: 'ws_only' })).toEqual(
      parseError('json-rpc ID (true) is of unknown type (bool)'),
    );
    // Notifications get no answer: the next frame is the answer to the next request.
    peer.send({ jsonrpc: '2.0', method: 'subscribe', params: { query: "tm.event='NewBlock'" } });
    expect(await peer.request({ jsonrpc: '2.0', id: 9, method: 'unsubscribe_all' })).toEqual(
      internal(9, 'subscription not found'),
    );
  });

  it('behavior: answers come back in request order', async () => {
    const { connect } = await start();
    const peer = await connect();
    for (let id = 1; id <= 50; id++)
      peer.send({ jsonrpc: '2.0', id, method: id % 2 === 0 ? 'ws_only' : 'broken' });
    for (let id = 1; id <= 50; id++) expect(await peer.next()).toMatchObject({ id });
  });

  it('behavior: pings every pingPeriod and drops a client that sends no pong within readWait', async () => {
    const { connect } = await start({ pingPeriodMs: 20, readWaitMs: 100 });
    const live = await connect();
    let pings = 0;
    // Eight pings span more than readWait, so answering them is what keeps the connection.
    await new Promise<void>((resolve) => live.socket.on('ping', () => ++pings === 8 && resolve()));
    expect(live.socket.readyState).toBe(WebSocket.OPEN);

    const mute = await connect({ autoPong: false });
    expect(await mute.closed).toBe(1006);
  });

  it('error: a frame over readLimit closes the connection with 1009', async () => {
    const { connect } = await start({ readLimit: 64 });
    const peer = await connect();
    peer.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'subscribe',
      params: { query: `tx.hash='${'A'.repeat(64)}'` },
    });
    expect(await peer.closed).toBe(1009);
  });

  it('error: upgrades on other paths are refused with 400', async () => {
    const { url } = await start();
    const socket = new WebSocket(`${url}/other`);
    await expect(new Promise((_, reject) => socket.once('error', reject))).rejects.toThrow(
      'Unexpected server response: 400',
    );
  });

  it("behavior: @cosmjs/tendermint-rpc's WebsocketClient receives a published event", async () => {
    const { bus, url } = await start();
    const errors: unknown[] = [];
    const client = new WebsocketClient(url, (error) => errors.push(error));
    cleanups.push(() => {
      // cosmjs 0.39's ReconnectingSocket keeps reconnecting after disconnect() (every status change
      // to Disconnected schedules one), which would keep jest alive: make its reconnect a no-op.
      const reconnecting = (client as unknown as { socket: { socket: { reconnect: () => void } } }).socket;
      reconnecting.socket.reconnect = () => undefined;
      client.disconnect();
    });
    const query = "tm.event='NewBlock'";
    const stream = client.listen({ jsonrpc: '2.0', id: 11, method: 'subscribe', params: { query } });
    const first = new Promise((resolve, reject) =>
      stream.take(1).subscribe({ next: resolve, error: reject, complete: () => undefined }),
    );
    // Requests are answered in order, so once this call is answered the subscription is in place.
    const response = await client.execute({
      jsonrpc: '2.0',
      id: 12,
      method: 'echo',
      params: { height: '1' },
    });
    expect(response.result).toMatchObject({ height: '1' });
    bus.publish(newBlock(42));
    expect(await first).toEqual({
      query,
      data: { type: 'tendermint/event/NewBlock', value: newBlock(42).value },
      events: newBlock(42).events,
    });
    expect(errors).toEqual([]);
  });
});

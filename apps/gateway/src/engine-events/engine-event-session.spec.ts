import type { WebSocket } from 'ws';
import type { EngineEventHub } from './engine-event-hub';
import { type EngineEventSessionHost, EngineEventSession } from './engine-event-session';

/** A socket that keeps what the session writes. */
function fakeSocket(): { socket: WebSocket; sent: unknown[] } {
  const sent: unknown[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    send: (text: string) => sent.push(JSON.parse(text)),
    terminate: () => undefined,
  } as unknown as WebSocket;
  return { socket, sent };
}

function tier(queriesPerAddress: number) {
  const sessions: EngineEventSession[] = [];
  const refused: string[] = [];
  const hub = {
    follow: () => Promise.resolve(undefined),
    unfollow: () => undefined,
  } as unknown as EngineEventHub;
  const host: EngineEventSessionHost = {
    hub,
    limits: { clients: 100, subscriptionsPerClient: 5, queriesPerAddress, maxBufferedBytes: 1 << 20 },
    clientsWithSubscriptions: () => sessions.filter((session) => session.hasSubscriptions).length,
    queriesOf: (address) =>
      new Set(sessions.filter((session) => session.address === address).flatMap((s) => [...s.queries])),
    onRefused: (reason) => refused.push(reason),
  };
  const open = (address: string) => {
    const { socket, sent } = fakeSocket();
    const session = new EngineEventSession(socket, host, undefined, address);
    sessions.push(session);
    return { session, sent };
  };
  return { open, refused };
}

const subscribe = (id: number, height: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'subscribe',
    params: { query: `tm.event='NewBlock' AND block.height=${height}` },
  });

async function answers(sent: unknown[], count: number): Promise<unknown[]> {
  for (let i = 0; i < 100 && sent.length < count; i++) await new Promise((resolve) => setImmediate(resolve));
  return sent;
}

describe(EngineEventSession.name, () => {
  it('error: a client address past its share of distinct queries gets CometBFT’s refusal, over all its connections', async () => {
    const { open, refused } = tier(3);
    const first = open('10.0.0.1');
    first.session.receive(subscribe(1, 1));
    first.session.receive(subscribe(2, 2));
    const second = open('10.0.0.1');
    second.session.receive(subscribe(3, 3));
    // A query the address already follows costs no share: another connection may follow it too.
    second.session.receive(subscribe(4, 1));
    second.session.receive(subscribe(5, 4));
    expect(await answers(first.sent, 2)).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(await answers(second.sent, 3)).toEqual([
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 4, result: {} },
      {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32603, message: 'Internal error', data: 'max_subscriptions_per_client 3 reached' },
      },
    ]);
    expect(refused).toEqual([expect.stringContaining('--engine-queries-per-client')]);
    // Another address has a share of its own.
    const other = open('10.0.0.2');
    other.session.receive(subscribe(6, 4));
    expect(await answers(other.sent, 1)).toEqual([{ jsonrpc: '2.0', id: 6, result: {} }]);
  });
});

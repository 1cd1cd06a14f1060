// CometBFT's `/websocket` endpoint on the devnet's RPC server: upgrades on that path only, one
// session per connection, and the chain's events fanned out to every matching subscription.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { EventBus } from '../events/comet-event';
import type { RouteDispatcher } from '../rpc/route-dispatcher';
import type { EncodedEvent } from '@photon/ethermint-wire';
import { encodeEvent } from './frames';
import { type WebsocketLimits, websocketLimits } from './websocket-limits';
import { type SessionHost, WebsocketSession } from './websocket-session';

export const WEBSOCKET_PATH = '/websocket';

export interface CometWebsocket {
  /** Open connections. */
  readonly connections: number;
  /** Live subscriptions of all connections, by query as written (what a node's pubsub holds). */
  subscriptions(): ReadonlyMap<string, number>;
  /** Stops taking upgrades and events, drops every connection, resolves once they are closed. */
  close(): Promise<void>;
}

export function attachCometWebsocket(
  server: Server,
  dispatcher: RouteDispatcher,
  bus: EventBus,
  limits?: Partial<WebsocketLimits>,
): CometWebsocket {
  const host: SessionHost = {
    dispatcher,
    limits: websocketLimits(limits),
    clientsWithSubscriptions: () => [...sessions].filter((session) => session.hasSubscriptions).length,
  };
  // gorilla's read limit is max_body_bytes; ws closes an oversized frame with 1009 as gorilla does.
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: host.limits.readLimit,
  });
  const sessions = new Set<WebsocketSession>();
  let nextConnection = 1;
  let closing = false;

  const open = (socket: WebSocket, request: IncomingMessage): void => {
    if (closing) return socket.terminate();
    const session = new WebsocketSession(socket, host, {
      remoteAddress: request.socket.remoteAddress,
      connectionId: `ws-${nextConnection++}`,
    });
    sessions.add(session);
    void session.closed.then(() => sessions.delete(session));
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    if (closing || pathOf(request) !== WEBSOCKET_PATH) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => open(ws, request));
  };
  server.on('upgrade', onUpgrade);

  const unlisten = bus.listen((event) => {
    let encoded: EncodedEvent | undefined;
    const encode = (): EncodedEvent => (encoded ??= encodeEvent(event));
    for (const session of sessions) session.deliver(event, encode);
  });

  return {
    get connections() {
      return sessions.size;
    },
    subscriptions() {
      const counts = new Map<string, number>();
      for (const session of sessions) {
        for (const query of session.queries()) counts.set(query, (counts.get(query) ?? 0) + 1);
      }
      return counts;
    },
    async close() {
      closing = true;
      server.off('upgrade', onUpgrade);
      unlisten();
      const closed = [...sessions].map((session) => session.closed);
      for (const session of sessions) session.terminate();
      await Promise.all(closed);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Go's ServeMux matches the path alone: `/websocket?x=1` upgrades, `/websocket/` does not. */
function pathOf(request: IncomingMessage): string | undefined {
  try {
    return new URL(request.url ?? '/', 'http://devnet').pathname;
  } catch {
    return undefined;
  }
}

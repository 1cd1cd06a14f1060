// The engine-event websocket `/websocket`: one EngineEventSession per connection, geth's keepalive
// (ping, drop a peer that misses its pong), and the counts the limits and metrics read.
import { Inject, Injectable } from '@nestjs/common';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { EngineEventHub, type EngineEventHubStats } from './engine-event-hub';
import { type EngineEventSessionHost, EngineEventSession } from './engine-event-session';

/** Unsent bytes one socket may hold before its subscriptions are cancelled as too slow. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

export interface EngineEventSocketStats extends EngineEventHubStats {
  /** Open `/websocket` connections. */
  readonly connections: number;
}

@Injectable()
export class EngineEventSocket {
  private readonly sessions = new Set<EngineEventSession>();
  private readonly host: EngineEventSessionHost;

  constructor(
    private readonly hub: EngineEventHub,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {
    this.host = {
      hub,
      limits: {
        clients: options.engineWsClients,
        subscriptionsPerClient: options.engineWsSubscriptionsPerClient,
        maxBufferedBytes: MAX_BUFFERED_BYTES,
      },
      clientsWithSubscriptions: () => {
        let count = 0;
        for (const session of this.sessions) if (session.hasSubscriptions) count++;
        return count;
      },
    };
  }

  /** Takes every connection `wss` accepts (the listener has checked its Host and Origin). */
  serve(wss: WebSocketServer): void {
    wss.on('connection', (socket: WebSocket) => this.attach(socket));
  }

  stats(): EngineEventSocketStats {
    return { connections: this.sessions.size, ...this.hub.stats() };
  }

  private attach(socket: WebSocket): void {
    const session = new EngineEventSession(socket, this.host);
    this.sessions.add(session);
    let alive = true;
    socket.on('pong', () => (alive = true));
    const keepalive = setInterval(() => {
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, this.options.wsPingSeconds * 1000);
    keepalive.unref();
    socket.on('message', (data: RawData) => session.receive(rawText(data)));
    // A failed socket is followed by 'close'; the listener keeps ws from throwing the error.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearInterval(keepalive);
      this.sessions.delete(session);
      session.close();
    });
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

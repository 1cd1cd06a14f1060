// The engine-event websocket `/websocket`: one EngineEventSession per connection, the gateway's keepalive,
// and the counts the limits and metrics read.
import { Inject, Injectable } from '@nestjs/common';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { EngineEventHub, type EngineEventHubStats } from './engine-event-hub';
import { type EngineEventSessionHost, EngineEventSession } from './engine-event-session';
import { MAX_BUFFERED_BYTES, frameText, keepAlive } from '../ws/socket-upkeep';

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
    keepAlive(socket, this.options.wsPingSeconds);
    socket.on('message', (data: RawData) => session.receive(frameText(data)));
    // A failed socket is followed by 'close'; the listener keeps ws from throwing the error.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      this.sessions.delete(session);
      session.close();
    });
  }
}

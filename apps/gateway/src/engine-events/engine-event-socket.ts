// The engine-event websocket `/websocket`: one EngineEventSession per connection, the gateway's keepalive,
// the client's rate limit on every frame (as on the eth websocket), and the counts the limits and
// metrics read.
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { EngineEventHub, type EngineEventHubStats } from './engine-event-hub';
import { type EngineEventSessionHost, EngineEventSession, type FrameAdmission } from './engine-event-session';
import { ClientIdentity } from '../limits/client-identity';
import { type Client, RateLimiter } from '../limits/rate-limiter';
import { engineFrameCost } from '../limits/request-cost';
import { MAX_BUFFERED_BYTES, frameText, keepAlive } from '../ws/socket-upkeep';

export interface EngineEventSocketStats extends EngineEventHubStats {
  /** Open `/websocket` connections. */
  readonly connections: number;
}

@Injectable()
export class EngineEventSocket {
  private readonly log = new Logger('ws');
  private readonly sessions = new Set<EngineEventSession>();
  private readonly host: EngineEventSessionHost;

  constructor(
    private readonly hub: EngineEventHub,
    private readonly identity: ClientIdentity,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Optional() private readonly limiter?: RateLimiter,
  ) {
    this.host = {
      hub,
      limits: {
        clients: options.engineWsClients,
        subscriptionsPerClient: options.engineWsSubscriptionsPerClient,
        queriesPerAddress: options.engineQueriesPerClient,
        maxBufferedBytes: MAX_BUFFERED_BYTES,
      },
      queriesOf: (address) => {
        const queries = new Set<string>();
        for (const session of this.sessions) {
          if (session.address === address) for (const query of session.queries) queries.add(query);
        }
        return queries;
      },
      onRefused: (reason) => this.log.warn(reason),
      clientsWithSubscriptions: () => {
        let count = 0;
        for (const session of this.sessions) if (session.hasSubscriptions) count++;
        return count;
      },
    };
  }

  /** Takes every connection `wss` accepts (the listener has checked its Host and Origin). */
  serve(wss: WebSocketServer): void {
    wss.on('connection', (socket: WebSocket, request: IncomingMessage) => this.attach(socket, request));
  }

  /** Each frame spends the client's budget; over it, the refusal the eth websocket answers with. */
  private admission(client: Client): FrameAdmission | undefined {
    const limiter = this.limiter;
    if (limiter?.limits(client) !== true) return undefined;
    return async (frame) => {
      const admission = await limiter.admit(client, engineFrameCost(frame));
      return admission.admitted ? undefined : admission.error;
    };
  }

  stats(): EngineEventSocketStats {
    return { connections: this.sessions.size, ...this.hub.stats() };
  }

  private attach(socket: WebSocket, request: IncomingMessage): void {
    const identified = this.identity.identify(request);
    // The handshake refuses an unknown API key; should one get here, it is not served keyless.
    if (!identified.ok) {
      socket.close(1008, 'unknown API key');
      return;
    }
    const client = identified.client;
    const session = new EngineEventSession(socket, this.host, this.admission(client), client.address);
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

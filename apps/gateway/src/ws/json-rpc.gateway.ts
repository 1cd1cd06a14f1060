// The Ethereum-format websocket: every JSON-RPC method (not only subscriptions) over one
// connection, with geth's keepalive (ping, drop a peer that misses its pong). Each message is counted
// against the client's rate limit; one over it is answered with JSON-RPC errors (no HTTP status here).
// Replies and notifications leave through the connection's SocketFlow, which bounds what it may owe.
import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { newRequestId } from '../http/request-id';
import { ClientIdentity } from '../limits/client-identity';
import type { Client } from '../limits/rate-limiter';
import { RpcEndpoint } from '../rpc/rpc-endpoint';
import { SubscriptionHub } from '../subscriptions/subscription-hub';
import { RPC_MESSAGE } from './photon-ws-adapter';
import { SocketFlow } from './socket-flow';
import { keepAlive } from './socket-upkeep';

interface Session {
  readonly id: string;
  readonly flow: SocketFlow;
  /** Identified at the handshake, which refused an unknown API key. */
  readonly client: Client | undefined;
}

@WebSocketGateway()
export class JsonRpcWsGateway implements OnGatewayConnection<WebSocket> {
  private readonly log = new Logger('ws');
  private readonly sessions = new WeakMap<WebSocket, Session>();

  constructor(
    private readonly endpoint: RpcEndpoint,
    private readonly subscriptions: SubscriptionHub,
    private readonly identity: ClientIdentity,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    const identified = this.identity.identify(request);
    // The handshake refuses an unknown API key; should one get here, it is not served keyless.
    if (!identified.ok) {
      socket.close(1008, 'unknown API key');
      return;
    }
    const id = randomUUID();
    const { wsMaxUnsentBytes, wsMaxCallsInFlight, wsMaxBatchesInFlight } = this.options;
    const limits = {
      maxUnsentBytes: wsMaxUnsentBytes,
      maxCallsInFlight: wsMaxCallsInFlight,
      maxBatchesInFlight: wsMaxBatchesInFlight,
    };
    const flow = new SocketFlow(socket, limits, (reason) =>
      this.log.warn(`ws session ${id}: closed with 1008, ${reason}`),
    );
    const session: Session = { id, flow, client: identified.client };
    this.sessions.set(socket, session);
    this.subscriptions.attach(session.id, socket, identified.client?.address ?? '', flow);
    keepAlive(socket, this.options.wsPingSeconds, () =>
      this.log.debug(`session ${session.id} missed its pong, closing`),
    );
    socket.once('close', () => this.subscriptions.detach(session.id));
  }

  /** Handler for every websocket frame: one JSON-RPC request or batch. */
  @SubscribeMessage(RPC_MESSAGE)
  async onMessage(@MessageBody() text: string, @ConnectedSocket() socket: WebSocket): Promise<void> {
    const session = this.sessions.get(socket);
    if (session === undefined || socket.readyState !== WebSocket.OPEN) return;
    // Past its bounds a connection's requests wait here, in order, though the socket had read them already.
    await session.flow.admit();
    if (socket.readyState !== WebSocket.OPEN) return;
    const body = this.endpoint.parse(text, 'ws');
    // A batch's calls each count in flight: a client cannot have more answered at once than one full batch.
    const batch = body.kind === 'batch';
    const calls = batch ? body.items.length : 1;
    session.flow.begin(calls, batch);
    // Notifications wait while this reply is computed and written: none precedes its eth_subscribe reply.
    this.subscriptions.hold(session.id);
    try {
      const client = session.client;
      const caller = {
        transport: 'ws',
        remoteAddress: client?.address,
        sessionId: session.id,
        // Each message is a request of its own for the logs (a websocket has no headers to return it in).
        requestId: newRequestId(),
      } as const;
      const reply =
        this.endpoint.replyNow(body, caller, client) ??
        (await this.endpoint.replyLater(body, caller, client));
      if (reply.text !== undefined) session.flow.send(reply.text);
    } finally {
      this.subscriptions.release(session.id);
      session.flow.end(calls, batch);
    }
  }
}

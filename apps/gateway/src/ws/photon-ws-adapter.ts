// Nest's `ws` adapter bent to JSON-RPC: every frame is one message for the JSON-RPC gateway
// (no Nest `{event, data}` framing), served on the listener opened by listenWebSocket.
import type { INestApplicationContext } from '@nestjs/common';
import { WsAdapter } from '@nestjs/platform-ws';
import type { WebSocket, WebSocketServer } from 'ws';
import type { WebSocketListener } from './listen-websocket';
import { frameText } from './socket-upkeep';

export const RPC_MESSAGE = 'rpc';

export class PhotonWsAdapter extends WsAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly listener: WebSocketListener,
  ) {
    super(app, { messageParser: (data) => ({ event: RPC_MESSAGE, data: frameText(data) }) });
  }

  /** A client's broken or oversized frame is its own problem: one warning line, no stack. */
  override bindErrorHandler(server: WebSocketServer): WebSocketServer {
    server.on('connection', (socket: WebSocket) =>
      socket.on('error', (error) => this.logger.warn(`websocket client dropped: ${error.message}`)),
    );
    server.on('error', (error) => this.logger.error(error));
    return server;
  }

  override create(): unknown {
    return this.bindErrorHandler(this.listener.wss);
  }

  override async close(server: unknown): Promise<void> {
    await super.close(server);
    // The engine-event websocket is not Nest's; its clients would keep the HTTP server open.
    for (const client of this.listener.engineWss.clients) client.terminate();
    await new Promise<void>((resolve) => this.listener.engineWss.close(() => resolve()));
    await new Promise<void>((resolve) => this.listener.http.close(() => resolve()));
  }
}

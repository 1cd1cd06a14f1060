// Stops a gateway without dropping what it accepted (SIGTERM in a rolling update): readiness goes 503
// at once, both listeners stop accepting, websocket clients are closed with 1012 (service restart) so
// they reconnect to another gateway, idle keep-alive connections are closed, and requests in flight
// finish; past the grace period what is still open is cut. The caller then closes the application.
import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'node:http';
import type { WebSocketListener } from '../ws/listen-websocket';
import { Draining } from '@photon/ops';

/** RFC 6455 "service restart": the server goes away and asks the client to reconnect. */
export const SERVICE_RESTART = 1012;
export const SERVICE_RESTART_REASON = 'gateway shutting down, reconnect';

/** How often connections that went idle while draining are looked for and closed. */
const IDLE_SWEEP_MS = 50;

@Injectable()
export class GatewayShutdown {
  private readonly log = new Logger('shutdown');
  private listeners: { readonly http: Server; readonly ws: WebSocketListener } | undefined;
  private drained: Promise<void> | undefined;

  constructor(private readonly draining: Draining) {}

  /** The listeners to drain; bootstrapGateway hands them over once they listen. */
  watch(http: Server, ws: WebSocketListener): void {
    this.listeners = { http, ws };
  }

  /** Resolves once every connection is closed: on its own, or cut when `graceMs` passed. */
  drain(graceMs: number): Promise<void> {
    this.drained ??= this.run(graceMs);
    return this.drained;
  }

  private async run(graceMs: number): Promise<void> {
    this.draining.begin();
    const listeners = this.listeners;
    if (listeners === undefined) return;
    const { http, ws } = listeners;
    const sockets = [...ws.wss.clients, ...ws.engineWss.clients];
    this.log.log(
      `draining: readiness 503, no new connections, ${sockets.length} websocket client(s) closed with ${SERVICE_RESTART}; ` +
        `requests in flight have ${graceMs} ms`,
    );
    const closed = Promise.all([closeHttp(http), closeHttp(ws.http)]);
    for (const socket of sockets) socket.close(SERVICE_RESTART, SERVICE_RESTART_REASON);
    let cut = false;
    const grace = setTimeout(() => {
      cut = true;
      http.closeAllConnections();
      for (const socket of [...ws.wss.clients, ...ws.engineWss.clients]) socket.terminate();
      ws.http.closeAllConnections();
    }, graceMs);
    await closed;
    clearTimeout(grace);
    this.log.log(cut ? 'drained: the grace period cut what was still open' : 'drained');
  }
}

/** Stops accepting, closes connections as they go idle; resolves once none is left. */
function closeHttp(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}

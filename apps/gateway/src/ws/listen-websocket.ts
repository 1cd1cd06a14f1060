// Opens the websocket listener before Nest starts, so a taken port stops the start with a
// clear reason instead of an unhandled 'error' event later. A handshake passes the Host and the
// Origin allow-lists first; a refused one gets HTTP 403 with a JSON-RPC error body.
import { createServer, type Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { invalidHost, originNotAllowed, rpcErrorBody } from '../http/http-error-bodies';
import type { HostPolicy } from '../listeners/host-policy';
import type { OriginPolicy } from '../listeners/origin-policy';

export interface HandshakePolicies {
  readonly hosts: HostPolicy;
  readonly origins: OriginPolicy;
  /** One line per refused handshake, naming what was refused. */
  readonly onRefused: (reason: string) => void;
}

export interface WebSocketListener {
  readonly http: Server;
  readonly wss: WebSocketServer;
}

export async function listenWebSocket(
  host: string,
  port: number,
  maxPayload: number,
  policies: HandshakePolicies,
): Promise<WebSocketListener> {
  const http = createServer((_request, response) => {
    // Plain HTTP on the websocket port gets a JSON-RPC error, not an empty socket.
    response.writeHead(426, { 'content-type': 'application/json', upgrade: 'websocket' });
    response.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'this port serves JSON-RPC over websocket only' },
      }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error) =>
      reject(new Error(`cannot listen on ws://${host}:${port}: ${error.message}`)),
    );
    http.listen(port, host, () => resolve());
  });
  const wss = new WebSocketServer({
    server: http,
    path: '/',
    maxPayload,
    verifyClient: ({ origin, req }, done) => {
      const host = req.headers.host;
      if (!policies.hosts.allows(host)) {
        policies.onRefused(
          `websocket handshake refused: host ${JSON.stringify(host ?? '')} is not in --http-vhosts`,
        );
        done(false, 403, rpcErrorBody(invalidHost()), { 'content-type': 'application/json' });
        return;
      }
      // ws passes '' when the handshake has no Origin header; that is not a browser.
      const claimed = origin === '' ? undefined : origin;
      if (!policies.origins.allows(claimed)) {
        policies.onRefused(
          `websocket handshake refused: origin ${JSON.stringify(claimed)} is not in --ws-origins`,
        );
        done(false, 403, rpcErrorBody(originNotAllowed()), { 'content-type': 'application/json' });
        return;
      }
      done(true);
    },
  });
  return { http, wss };
}

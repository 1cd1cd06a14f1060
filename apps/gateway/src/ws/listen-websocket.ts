// Opens the websocket listener before Nest starts, so a taken port stops the start with a
// clear reason instead of an unhandled 'error' event later. Two websockets share the port: the
// Ethereum JSON-RPC one at `/` and the engine-event one (CometBFT's `subscribe`) at `/websocket`.
// Every handshake passes the Host and the Origin allow-lists first; a refused one gets HTTP 403 with a
// JSON-RPC error body, a handshake on any other path HTTP 404. Then the client: an unknown API key gets
// 401, an address past --ws-max-connections-per-ip 429.
import { createServer, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type VerifyClientCallbackAsync } from 'ws';
import {
  invalidHost,
  originNotAllowed,
  rpcErrorBody,
  websocketPathNotFound,
} from '../http/http-error-bodies';
import type { ClientIdentity } from '../limits/client-identity';
import { tooManyConnections } from '../limits/limit-errors';
import type { WsConnectionCap } from '../limits/ws-connection-cap';
import type { HostPolicy } from '../listeners/host-policy';
import type { OriginPolicy } from '../listeners/origin-policy';

export interface HandshakePolicies {
  readonly hosts: HostPolicy;
  readonly origins: OriginPolicy;
  readonly identity: ClientIdentity;
  /** Open websockets per client address, both paths together. */
  readonly connections: WsConnectionCap;
  /** One line per refused handshake, naming what was refused. */
  readonly onRefused: (reason: string) => void;
}

export interface WebSocketListener {
  readonly http: Server;
  /** JSON-RPC (every method and eth_subscribe) at `/`. */
  readonly wss: WebSocketServer;
  /** The engine-event websocket at `/websocket`. */
  readonly engineWss: WebSocketServer;
}

export const ENGINE_EVENTS_PATH = '/websocket';

export async function listenWebSocket(
  host: string,
  port: number,
  maxPayload: number,
  policies: HandshakePolicies,
  /** The HTTP server's own settings (the read timeout every upgrade must arrive within). */
  serverOptions: ServerOptions = {},
): Promise<WebSocketListener> {
  const http = createServer(serverOptions, (_request, response) => {
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
  const verifyClient = handshakeCheck(policies);
  const wss = new WebSocketServer({ noServer: true, maxPayload, verifyClient });
  const engineWss = new WebSocketServer({ noServer: true, maxPayload, verifyClient });
  http.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const target = serverFor(pathOf(request), wss, engineWss);
    if (target === undefined) {
      refuseUnknownPath(socket);
      return;
    }
    target.handleUpgrade(request, socket, head, (client) => {
      policies.connections.track(policies.identity.addressOf(request), client);
      target.emit('connection', client, request);
    });
  });
  return { http, wss, engineWss };
}

function handshakeCheck(policies: HandshakePolicies): VerifyClientCallbackAsync {
  return ({ origin, req }, done) => {
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
    const identified = policies.identity.identify(req);
    if (!identified.ok) {
      done(false, 401, rpcErrorBody(identified.error), { 'content-type': 'application/json' });
      return;
    }
    if (!policies.connections.admits(identified.client.address)) {
      policies.onRefused(
        `websocket handshake refused: ${identified.client.address} holds ${policies.connections.limit} ` +
          `connections (--ws-max-connections-per-ip)`,
      );
      const body = rpcErrorBody(tooManyConnections(policies.connections.limit));
      done(false, 429, body, { 'content-type': 'application/json' });
      return;
    }
    done(true);
  };
}

function pathOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

function serverFor(path: string, rpc: WebSocketServer, engine: WebSocketServer): WebSocketServer | undefined {
  if (path === '/') return rpc;
  // cosmjs and other CometBFT clients append /websocket to the base address; Go's mux serves that path only.
  if (path === ENGINE_EVENTS_PATH) return engine;
  return undefined;
}

function refuseUnknownPath(socket: Duplex): void {
  const body = rpcErrorBody(websocketPathNotFound());
  socket.end(
    `HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

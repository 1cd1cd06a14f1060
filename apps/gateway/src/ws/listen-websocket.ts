// Opens the websocket listener before Nest starts, so a taken port stops the start with a
// clear reason instead of an unhandled 'error' event later.
import { createServer, type Server } from 'node:http';
import { WebSocketServer } from 'ws';

export interface WebSocketListener {
  readonly http: Server;
  readonly wss: WebSocketServer;
}

export async function listenWebSocket(
  host: string,
  port: number,
  maxPayload: number,
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
  const wss = new WebSocketServer({ server: http, path: '/', maxPayload });
  return { http, wss };
}

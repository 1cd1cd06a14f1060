// The listeners' clocks, geth's --http.readtimeout, writetimeout and idletimeout: a request must arrive
// whole (headers and body) within the read timeout, an answer must reach a client that reads it slowly
// within the write timeout, and an idle keep-alive connection closes after the idle timeout. Without
// them Node waits 300 s for a body and a trickling client holds its connection that long. A request that
// runs out of time, or that Node cannot read, is answered with a JSON-RPC body like every refusal here.
import { type ErrorObject, InvalidRequestError, LimitExceededError } from '@photon/codec';
import type { Server, ServerOptions, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { rpcErrorBody } from './http-error-bodies';

/** createServer's options for a read timeout (they cannot be set once the server exists). */
export function readTimeoutOptions(readMs: number): ServerOptions {
  return {
    requestTimeout: readMs,
    headersTimeout: readMs,
    // Node looks for late requests every 30 s by default: a 30 s timeout could then take a minute.
    connectionsCheckingInterval: Math.min(1_000, Math.max(50, Math.floor(readMs / 4))),
  };
}

/** Answers what Node refuses before a request reaches a handler: 408 (late), 431 (headers too large), 400. */
export function answerClientErrors(server: Server, readMs: number): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // An answer already begun on this connection (a 413 while its body is still read) cannot get another.
    const inFlight = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
    if (socket.writable && inFlight?.headersSent !== true) {
      const [status, text, body] = refusalOf(error, readMs);
      socket.write(
        `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}

function refusalOf(error: NodeJS.ErrnoException, readMs: number): [number, string, string] {
  let status = 400;
  let text = 'Bad Request';
  let refusal: ErrorObject = new InvalidRequestError('malformed HTTP request').toErrorObject();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    [status, text] = [408, 'Request Timeout'];
    refusal = new LimitExceededError(
      `request not received in time: the limit is ${readMs / 1000} s (--http-read-timeout)`,
      { limit: readMs / 1000 },
    ).toErrorObject();
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    [status, text] = [431, 'Request Header Fields Too Large'];
    refusal = new InvalidRequestError('request headers too large').toErrorObject();
  }
  return [status, text, rpcErrorBody(refusal)];
}

/**
 * Cuts the connection of an answer its client has not taken within `writeMs`. Only an answer still
 * queued once written pays for a timer: most go to the kernel at once.
 */
export function boundSlowRead(response: ServerResponse, writeMs: number): void {
  if ((response.socket?.writableLength ?? 0) === 0) return;
  const timer = setTimeout(() => response.socket?.destroy(), writeMs);
  timer.unref();
  const done = (): void => clearTimeout(timer);
  response.once('finish', done);
  response.once('close', done);
}

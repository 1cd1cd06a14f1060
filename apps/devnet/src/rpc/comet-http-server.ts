// The devnet's CometBFT RPC listener: JSON-RPC on POST / (single or batch), URI calls on
// GET /<method>?arg=value, and the route list on GET /. Errors follow CometBFT 0.38: HTTP 200
// for JSON-RPC errors, 500 for failed URI calls, both with the JSON-RPC error body.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { argsFromUri } from './decode-args';
import type { RouteContext } from './route';
import type { RouteDispatcher } from './route-dispatcher';
import { type CometRpcResponse, methodNotFound, parseError } from '@photon/ethermint-wire';

/** URI calls have no id; CometBFT answers them with id -1. */
const URI_ID = -1;
const MAX_BODY_BYTES = 1_000_000 * 10;

export function createCometHttpServer(dispatcher: RouteDispatcher): Server {
  return createServer((request, response) => {
    serve(dispatcher, request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
}

async function serve(
  dispatcher: RouteDispatcher,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://devnet');
  const context: RouteContext = { remoteAddress: request.socket.remoteAddress };
  if (request.method === 'POST' && url.pathname === '/') {
    const body = await readBody(request);
    if (body === undefined) return reply(response, 413, parseError('request body too large'));
    return reply(response, 200, await answerPost(dispatcher, body, context));
  }
  if (request.method === 'GET' && url.pathname === '/') return listRoutes(dispatcher, response);
  if (request.method === 'GET') {
    const route = dispatcher.find(url.pathname.slice(1));
    // Go's mux sends a path with no method to the JSON-RPC handler, which answers http.NotFound.
    if (route === undefined) return notFound(response);
    if (route.websocketOnly === true) return reply(response, 404, methodNotFound(URI_ID));
    const answer = await dispatcher.run(
      route,
      URI_ID,
      () => argsFromUri(route.args, url.searchParams),
      context,
      'http',
    );
    return reply(response, 'error' in answer ? 500 : 200, answer);
  }
  return reply(response, 404, methodNotFound(URI_ID));
}

/**
 * The answer to a POST / body (one JSON-RPC request or a batch), as CometBFT gives it; also what `photon
 * start` gets for the same frame passed in memory (Devnet.answerPost).
 */
export async function answerPost(
  dispatcher: RouteDispatcher,
  body: string,
  context: RouteContext,
): Promise<CometRpcResponse | CometRpcResponse[] | undefined> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    return parseError(error instanceof Error ? error.message : String(error));
  }
  if (Array.isArray(json)) {
    const answers = await Promise.all(json.map((item) => dispatcher.dispatch(item, context, false)));
    return answers.filter((answer) => answer !== undefined);
  }
  return dispatcher.dispatch(json, context, false);
}

/** The text CometBFT writes for `body`: indented as Go's json.MarshalIndent, empty for none. */
export function answerText(body: CometRpcResponse | CometRpcResponse[] | undefined): string {
  return body === undefined ? '' : JSON.stringify(body, null, 2);
}

function reply(
  response: ServerResponse,
  status: number,
  body: CometRpcResponse | CometRpcResponse[] | undefined,
) {
  const text = answerText(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Go's http.NotFound. */
function notFound(response: ServerResponse): void {
  const text = '404 page not found\n';
  response.writeHead(404, {
    'content-type': 'text/plain; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function listRoutes(dispatcher: RouteDispatcher, response: ServerResponse): void {
  const links = dispatcher.names().map((name) => `<a href="/${name}">/${name}</a><br>`);
  const html = `<html><body><br>Available endpoints:<br>${links.join('')}</body></html>`;
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end(html);
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', reject);
  });
}

// The ops listener (--ops-laddr): GET /healthz (the process is alive), GET /readyz (200 when ready, else
// 503, with a JSON body naming what failed) and GET /metrics (Prometheus text). It is a listener of its
// own, on plain node:http, so probes and scrapes never queue behind client traffic and never pass the
// gateway's Host and origin policies. Anything else gets a JSON error, never an HTML page.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpsMetrics } from './ops-metrics';
import type { ReadinessSource } from './readiness';

export interface OpsEndpoints {
  readonly readiness: ReadinessSource;
  readonly metrics: OpsMetrics;
}

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/** Listens on `host:port`; rejects with one line (address in use, …) when it cannot. */
export async function serveOps(
  address: { readonly host: string; readonly port: number },
  endpoints: OpsEndpoints,
): Promise<OpsServer> {
  const server = createServer((request, response) => {
    answer(request, response, endpoints).catch(() => sendJson(response, 500, { error: 'internal error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new Error(`ops listener on ${address.host}:${address.port}: ${error.code ?? error.message}`)),
    );
    server.listen(address.port, address.host, () => resolve());
  });
  return { port: (server.address() as AddressInfo).port, close: () => closeServer(server) };
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  endpoints: OpsEndpoints,
): Promise<void> {
  request.resume();
  const path = (request.url ?? '/').split('?')[0];
  if (path !== '/healthz' && path !== '/readyz' && path !== '/metrics') {
    sendJson(response, 404, { error: 'not found: GET /healthz, /readyz or /metrics' });
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    sendJson(response, 405, { error: `${path} answers GET` });
    return;
  }
  if (path === '/healthz') {
    sendJson(response, 200, { status: 'ok' });
    return;
  }
  if (path === '/readyz') {
    const report = await endpoints.readiness();
    sendJson(response, report.ready ? 200 : 503, report.body);
    return;
  }
  const text = await endpoints.metrics.text();
  send(response, 200, endpoints.metrics.contentType, text);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  send(response, status, 'application/json', JSON.stringify(body));
}

function send(response: ServerResponse, status: number, contentType: string, text: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(response.req.method === 'HEAD' ? undefined : text);
}

/** Stops listening and drops idle keep-alive connections (a scraper's), so closing never waits on them. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

// A small round-robin load balancer in front of several gateways, as a fleet runs them: HTTP requests go
// one by one to the next backend whose /readyz answers 200 (a refused connection is retried on the next
// backend); websocket connections are passed through at the TCP level, so a gateway's close frame (e.g.
// 1012 while it drains) reaches the client as sent. Node http/net only.
import { type IncomingMessage, type ServerResponse, Agent, createServer, request } from 'node:http';
import { type Server, type Socket, connect, createServer as createTcpServer } from 'node:net';
import { freePort } from './free-port';

export interface Backend {
  /** The gateway's HTTP listener (also where /readyz is asked). */
  readonly httpUrl: string;
  /** The gateway's websocket listener. */
  readonly wsUrl: string;
}

export interface LoadBalancerCounts {
  /** HTTP requests answered by a backend. */
  forwarded: number;
  /** HTTP attempts refused by a backend (or a stale kept-alive socket) and retried on another. */
  retried: number;
  /** HTTP requests answered by the balancer itself with 502 + a JSON-RPC error (the backend was lost mid-request). */
  upstreamLost: number;
  /** HTTP requests answered 503 because no backend was ready. */
  noBackend: number;
  /** Websocket connections passed to a backend. */
  wsConnections: number;
}

export interface LoadBalancer {
  readonly httpUrl: string;
  readonly wsUrl: string;
  readonly counts: LoadBalancerCounts;
  /** Which backends passed their last /readyz check. */
  ready(): boolean[];
  close(): Promise<void>;
}

const HEALTH_EVERY_MS = 200;

/** A JSON-RPC error body naming what the balancer saw (the id is unknown to a proxy: null). */
function errorBody(message: string): string {
  return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message } });
}

export async function startLoadBalancer(backends: readonly Backend[]): Promise<LoadBalancer> {
  const ready = backends.map(() => false);
  const counts: LoadBalancerCounts = {
    forwarded: 0,
    retried: 0,
    upstreamLost: 0,
    noBackend: 0,
    wsConnections: 0,
  };
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  let closed = false;

  const check = async (index: number): Promise<void> => {
    try {
      const res = await fetch(new URL('/readyz', backends[index]!.httpUrl), {
        signal: AbortSignal.timeout(1_000),
      });
      await res.arrayBuffer();
      ready[index] = res.status === 200;
    } catch {
      ready[index] = false;
    }
  };
  await Promise.all(backends.map((_, index) => check(index)));
  const health = setInterval(() => backends.forEach((_, index) => void check(index)), HEALTH_EVERY_MS);

  /** Backend indexes to try for one request or connection: ready ones, in round-robin order. */
  const order = (): number[] => {
    const start = next++ % backends.length;
    const all = backends.map((_, i) => (start + i) % backends.length);
    return all.filter((i) => ready[i]);
  };

  const forward = (body: Buffer, req: IncomingMessage, res: ServerResponse, candidates: number[]): void => {
    const index = candidates.shift();
    if (index === undefined) {
      counts.noBackend++;
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end(errorBody('load balancer: no backend is ready'));
      return;
    }
    const target = new URL(req.url ?? '/', backends[index]!.httpUrl);
    const upstream = request(target, { method: req.method, headers: req.headers, agent }, (answer) => {
      counts.forwarded++;
      // Connection and Keep-Alive are hop-by-hop: the backend's (a gateway keeps idle connections 120 s) would
      // tell the client to reuse a connection this server closes after its own idle time (Node's 5 s), and a
      // call sent on it just as it closes fails with no answer. This server says its own.
      const headers = { ...answer.headers };
      delete headers.connection;
      delete headers['keep-alive'];
      res.writeHead(answer.statusCode ?? 502, headers);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // Nothing reached the backend: a refused connection, or a kept-alive socket it had already closed.
      if (error.code === 'ECONNREFUSED' || (upstream.reusedSocket && error.code === 'ECONNRESET')) {
        if (error.code === 'ECONNREFUSED') ready[index] = false;
        counts.retried++;
        forward(body, req, res, candidates);
        return;
      }
      counts.upstreamLost++;
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(errorBody(`load balancer: upstream connection lost (${error.code ?? error.message})`));
    });
    upstream.end(body);
  };

  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(Buffer.concat(chunks), req, res, order()));
  });

  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const ws: Server = createTcpServer({ pauseOnConnect: true }, (client) => {
    track(client);
    const tryNext = (candidates: number[]): void => {
      const index = candidates.shift();
      if (index === undefined || client.destroyed) {
        client.destroy();
        return;
      }
      const { hostname, port } = new URL(backends[index]!.wsUrl);
      const upstream = connect(Number(port), hostname);
      let connected = false;
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && error.code === 'ECONNREFUSED') {
          ready[index] = false;
          tryNext(candidates);
        }
      });
      upstream.once('connect', () => {
        connected = true;
        track(upstream);
        counts.wsConnections++;
        client.pipe(upstream).pipe(client);
        client.resume();
        // Either side going away ends the other: the client sees the gateway's close as it happened.
        upstream.on('close', () => client.end());
        client.on('close', () => upstream.destroy());
      });
    };
    tryNext(order());
  });

  const httpPort = await freePort();
  const wsPort = await freePort();
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => ws.listen(wsPort, '127.0.0.1', resolve));

  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    counts,
    ready: () => [...ready],
    close: async () => {
      if (closed) return;
      closed = true;
      clearInterval(health);
      for (const socket of sockets) socket.destroy();
      http.closeAllConnections();
      agent.destroy();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => ws.close(() => resolve())),
      ]);
    },
  };
}

// A CometBFT `/websocket` stand-in for unit tests of the websocket client: it acknowledges subscribe and
// unsubscribe as CometBFT does, pushes events under the subscribe request's id, and can drop connections,
// cancel subscriptions, refuse requests, stay silent to pings, stop and start again on the same port.
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

interface Subscription {
  readonly socket: WebSocket;
  readonly id: unknown;
  readonly query: string;
}

export interface FakeCometOptions {
  /** Answer pings (default true); false makes the server look dead to a pinging client. */
  autoPong?: boolean;
  /** Refuse every subscribe with this error data. */
  refuseWith?: string;
}

export class FakeCometWebsocket {
  readonly requests: { method: string; params: unknown }[] = [];
  private subscriptions: Subscription[] = [];
  private http: Server | undefined;
  private wss: WebSocketServer | undefined;

  private constructor(
    public port: number,
    private readonly opts: FakeCometOptions,
  ) {}

  static async start(port = 0, opts: FakeCometOptions = {}): Promise<FakeCometWebsocket> {
    const fake = new FakeCometWebsocket(port, opts);
    await fake.listen();
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get connections(): number {
    return this.wss?.clients.size ?? 0;
  }

  get subscribedQueries(): string[] {
    return this.subscriptions.map((s) => s.query);
  }

  /** Pushes a NewBlock-like event to every subscription of `query`. */
  publish(query: string, height: number): void {
    for (const s of this.subscriptions.filter((x) => x.query === query)) {
      s.socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: s.id,
          result: {
            query,
            data: {
              type: 'tendermint/event/NewBlock',
              value: { block: { header: { height: String(height) } } },
            },
            events: { 'tm.event': ['NewBlock'], 'block.height': [String(height)] },
          },
        }),
      );
    }
  }

  /** CometBFT's message when a slow subscriber's buffer overflows. */
  cancel(query: string): void {
    const cancelled = this.subscriptions.filter((s) => s.query === query);
    this.subscriptions = this.subscriptions.filter((s) => s.query !== query);
    for (const s of cancelled) {
      s.socket.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: s.id,
          error: {
            code: -32000,
            message: 'Server error',
            data: 'subscription was canceled (reason: client is not pulling messages fast enough)',
          },
        }),
      );
    }
  }

  /** Drops every connection (the node restarted its RPC). */
  dropConnections(): void {
    for (const client of this.wss?.clients ?? []) client.terminate();
    this.subscriptions = [];
  }

  async stop(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => (this.wss ? this.wss.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => {
      this.http?.closeAllConnections();
      return this.http ? this.http.close(() => resolve()) : resolve();
    });
    this.wss = undefined;
    this.http = undefined;
  }

  /** Listens again on the same port. */
  async restart(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const http = createServer((_req, res) => res.end());
    const wss = new WebSocketServer({
      server: http,
      path: '/websocket',
      autoPong: this.opts.autoPong ?? true,
    });
    wss.on('connection', (socket) => {
      socket.on('message', (data: Buffer) => this.handle(socket, data.toString('utf8')));
      socket.on('close', () => (this.subscriptions = this.subscriptions.filter((s) => s.socket !== socket)));
    });
    await new Promise<void>((resolve) => http.listen(this.port, '127.0.0.1', resolve));
    this.port = (http.address() as AddressInfo).port;
    this.http = http;
    this.wss = wss;
  }

  private handle(socket: WebSocket, text: string): void {
    const request = JSON.parse(text) as { id: unknown; method: string; params: { query: string } };
    this.requests.push({ method: request.method, params: request.params });
    const reply = (body: object) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...body }));
    if (request.method === 'subscribe') {
      if (this.opts.refuseWith !== undefined) {
        reply({ error: { code: -32603, message: 'Internal error', data: this.opts.refuseWith } });
        return;
      }
      this.subscriptions.push({ socket, id: request.id, query: request.params.query });
      reply({ result: {} });
    } else if (request.method === 'unsubscribe') {
      this.subscriptions = this.subscriptions.filter(
        (s) => s.socket !== socket || s.query !== request.params.query,
      );
      reply({ result: {} });
    }
  }
}

// A fake engine for unit tests: a real HTTP server answering CometBFT JSON-RPC calls with recorded responses,
// matched on method and params. A call that was not recorded gets an error naming it, so a test fails loudly.
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface RecordedExchange {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The full JSON-RPC response the engine sent (`result` or `error`). */
  readonly response: { readonly result?: unknown; readonly error?: unknown };
}

export interface ReplayEngine {
  readonly url: string;
  /** Every method called, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

const keyOf = (method: string, params: Readonly<Record<string, unknown>>): string =>
  `${method} ${JSON.stringify(Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))))}`;

export async function startReplayEngine(exchanges: readonly RecordedExchange[]): Promise<ReplayEngine> {
  const answers = new Map(exchanges.map((e) => [keyOf(e.method, e.params), e.response]));
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: unknown;
        method: string;
        params?: Record<string, unknown>;
      };
      calls.push(request.method);
      const key = keyOf(request.method, request.params ?? {});
      const answer = answers.get(key) ?? { error: { code: -32603, message: 'not recorded', data: key } };
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, ...answer }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

import { freePort } from '@photon/testing';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { EngineResponseError, EngineRpcError, EngineUnavailableError } from '../errors';
import { JsonRpcTransport } from './json-rpc-transport';

type Handler = (
  body: { id: number; method: string; params: unknown },
  res: ServerResponse,
  req: IncomingMessage,
) => void;

async function serve(handler: Handler): Promise<{ url: URL; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(JSON.parse(Buffer.concat(chunks).toString('utf8')) as never, res, req));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/`),
    server,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe(JsonRpcTransport.name, () => {
  it('default: posts a JSON-RPC 2.0 request with named params and returns the result', async () => {
    const seen: unknown[] = [];
    const engine = await serve((body, res) => {
      seen.push(body);
      json(res, 200, { jsonrpc: '2.0', id: body.id, result: { ok: true } });
    });
    const transport = new JsonRpcTransport(engine.url);
    expect(await transport.call('block', { height: '5', prove: false, skipped: undefined })).toEqual({
      ok: true,
    });
    expect(seen).toEqual([{ jsonrpc: '2.0', id: 1, method: 'block', params: { height: '5', prove: false } }]);
    transport.close();
    await engine.close();
  });

  it('behavior: keep-alive reuses one socket across calls', async () => {
    const sockets = new Set<unknown>();
    const engine = await serve((body, res, req) => {
      sockets.add(req.socket);
      json(res, 200, { jsonrpc: '2.0', id: body.id, result: body.id });
    });
    const transport = new JsonRpcTransport(engine.url);
    for (let i = 0; i < 5; i++) await transport.call('status');
    expect(sockets.size).toBe(1);
    transport.close();
    await engine.close();
  });

  it('behavior: a pooled socket the engine closed while idle does not fail the next call', async () => {
    const engine = await serve((body, res) => json(res, 200, { jsonrpc: '2.0', id: body.id, result: 'ok' }));
    const transport = new JsonRpcTransport(engine.url);
    expect(await transport.call('status')).toBe('ok');
    // The server drops the kept-alive connection, as a node does after its idle timeout.
    engine.server.closeIdleConnections();
    expect(await transport.call('status')).toBe('ok');
    transport.close();
    await engine.close();
  });

  it('error: the node answers with an error object', async () => {
    const engine = await serve((body, res) =>
      json(res, 200, {
        jsonrpc: '2.0',
        id: body.id,
        error: { code: -32603, message: 'Internal error', data: 'height 9 must be less than or equal to 3' },
      }),
    );
    const transport = new JsonRpcTransport(engine.url);
    await expect(transport.call('block', { height: '9' })).rejects.toEqual(
      new EngineRpcError('block', -32603, 'Internal error', 'height 9 must be less than or equal to 3'),
    );
    transport.close();
    await engine.close();
  });

  it('error: nothing listens on the port: EngineUnavailableError at once', async () => {
    const port = await freePort();
    const transport = new JsonRpcTransport(new URL(`http://127.0.0.1:${port}`), { timeoutMs: 5_000 });
    const started = Date.now();
    const failure = transport.call('status');
    await expect(failure).rejects.toBeInstanceOf(EngineUnavailableError);
    await expect(failure).rejects.toMatchObject({ kind: 'connection', code: -32002, method: 'status' });
    expect(Date.now() - started).toBeLessThan(1_000);
    transport.close();
  });

  it('error: an engine that never answers: EngineUnavailableError when the deadline passes', async () => {
    const engine = await serve(() => undefined);
    const transport = new JsonRpcTransport(engine.url, { timeoutMs: 200 });
    const started = Date.now();
    await expect(transport.call('status')).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      kind: 'timeout',
      detail: 'timeout after 200 ms',
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    // A per-call deadline overrides the default.
    await expect(transport.call('status', {}, 50)).rejects.toMatchObject({ detail: 'timeout after 50 ms' });
    transport.close();
    await engine.close();
  });

  it('error: an answer that stops halfway: EngineUnavailableError at the deadline', async () => {
    const engine = await serve((_body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"jsonrpc":"2.0","id":1,"res');
    });
    const transport = new JsonRpcTransport(engine.url, { timeoutMs: 200 });
    await expect(transport.call('status')).rejects.toMatchObject({
      name: 'EngineUnavailableError',
      kind: 'timeout',
    });
    transport.close();
    await engine.close();
  });

  it('error: a proxy page instead of JSON (502) is unavailability; a 200 that is not JSON is malformed', async () => {
    let status = 502;
    const engine = await serve((_body, res) => {
      res.writeHead(status, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const transport = new JsonRpcTransport(engine.url);
    await expect(transport.call('status')).rejects.toBeInstanceOf(EngineUnavailableError);
    status = 200;
    await expect(transport.call('status')).rejects.toBeInstanceOf(EngineResponseError);
    transport.close();
    await engine.close();
  });

  it('error: JSON that is not a response object', async () => {
    const engine = await serve((body, res) => json(res, 200, [body.id]));
    const transport = new JsonRpcTransport(engine.url);
    await expect(transport.call('status')).rejects.toThrow(/not a JSON-RPC response object/);
    transport.close();
    await engine.close();
  });
});

describe(`${JsonRpcTransport.name} batches`, () => {
  type Request = { id: number; method: string; params: unknown };
  /** An engine that answers every item with its method and id, and records each POST's body. */
  async function echoEngine(answer?: (item: Request) => unknown) {
    const posts: unknown[] = [];
    const reply = (item: Request) =>
      answer?.(item) ?? { jsonrpc: '2.0', id: item.id, result: `${item.method}#${item.id}` };
    const engine = await serve((body, res) => {
      posts.push(body);
      // CometBFT answers a batch with an array; the order need not follow the request's.
      json(res, 200, Array.isArray(body) ? (body as Request[]).map(reply).reverse() : reply(body));
    });
    return { engine, posts };
  }

  it('behavior: calls made in one turn go as one batch, and each gets its own result', async () => {
    const { engine, posts } = await echoEngine();
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 10 });
    const results = await Promise.all([
      transport.call('abci_query', { path: '/a' }),
      transport.call('block', { height: '2' }),
      transport.call('abci_query', { path: '/b' }),
    ]);
    expect(results).toEqual(['abci_query#1', 'block#2', 'abci_query#3']);
    expect(posts).toEqual([
      [
        { jsonrpc: '2.0', id: 1, method: 'abci_query', params: { path: '/a' } },
        { jsonrpc: '2.0', id: 2, method: 'block', params: { height: '2' } },
        { jsonrpc: '2.0', id: 3, method: 'abci_query', params: { path: '/b' } },
      ],
    ]);
    // A call alone in its turn goes as a plain request object.
    expect(await transport.call('status')).toBe('status#4');
    expect(posts[1]).toEqual({ jsonrpc: '2.0', id: 4, method: 'status', params: {} });
    transport.close();
    await engine.close();
  });

  it('behavior: more calls than maxBatch are split into batches of at most maxBatch', async () => {
    const { engine, posts } = await echoEngine();
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 2 });
    const results = await Promise.all(Array.from({ length: 5 }, () => transport.call('status')));
    expect(results).toEqual(['status#1', 'status#2', 'status#3', 'status#4', 'status#5']);
    expect(posts.map((body) => (Array.isArray(body) ? body.length : 1))).toEqual([2, 2, 1]);
    transport.close();
    await engine.close();
  });

  it('behavior: broadcasts are never batched, and calls with another deadline go apart', async () => {
    const { engine, posts } = await echoEngine();
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 10, timeoutMs: 5_000 });
    await Promise.all([
      transport.call('abci_query'),
      transport.call('broadcast_tx_sync', { tx: 'AA==' }),
      transport.call('abci_query'),
      transport.call('status', {}, 1_000),
    ]);
    const shapes = posts.map((body) =>
      Array.isArray(body) ? (body as Request[]).map((item) => item.method) : (body as Request).method,
    );
    expect(shapes).toHaveLength(3);
    expect(shapes).toEqual(
      expect.arrayContaining(['broadcast_tx_sync', ['abci_query', 'abci_query'], 'status']),
    );
    transport.close();
    await engine.close();
  });

  it('error: an item that fails fails its own call alone', async () => {
    const { engine } = await echoEngine((item) =>
      item.id === 2
        ? {
            jsonrpc: '2.0',
            id: 2,
            error: { code: -32603, message: 'Internal error', data: 'height 9 is too high' },
          }
        : undefined,
    );
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 10 });
    const [first, second, third] = await Promise.allSettled([
      transport.call('block'),
      transport.call('block_results'),
      transport.call('header'),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: 'block#1' });
    expect(second).toMatchObject({
      status: 'rejected',
      reason: { method: 'block_results', data: 'height 9 is too high' },
    });
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(EngineRpcError);
    expect(third).toEqual({ status: 'fulfilled', value: 'header#3' });
    transport.close();
    await engine.close();
  });

  it('error: an answer without an item for a call fails that call as malformed', async () => {
    const engine = await serve((body, res) =>
      json(
        res,
        200,
        (body as unknown as Request[])
          .filter((item) => item.id !== 1)
          .map((item) => ({ jsonrpc: '2.0', id: item.id, result: `${item.method}#${item.id}` })),
      ),
    );
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 10 });
    const [first, second] = await Promise.allSettled([transport.call('block'), transport.call('header')]);
    expect(first).toMatchObject({ status: 'rejected', reason: expect.any(EngineResponseError) });
    expect(second).toEqual({ status: 'fulfilled', value: 'header#2' });
    transport.close();
    await engine.close();
  });

  it('error: a batch refused as a whole fails every call with the engine error', async () => {
    // CometBFT over max_request_batch_size answers one error object for the whole batch.
    const engine = await serve((_body, res) =>
      json(res, 200, {
        jsonrpc: '2.0',
        id: -1,
        error: { code: -32600, message: 'Invalid Request', data: 'batch too large' },
      }),
    );
    const transport = new JsonRpcTransport(engine.url, { maxBatch: 10 });
    const outcomes = await Promise.allSettled([transport.call('block'), transport.call('header')]);
    expect(outcomes).toEqual([
      { status: 'rejected', reason: expect.any(EngineRpcError) },
      { status: 'rejected', reason: expect.any(EngineRpcError) },
    ]);
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason.method)).toEqual([
      'block',
      'header',
    ]);
    transport.close();
    await engine.close();
  });

  it('error: nobody listens: every call of the batch fails at once, each under its own method', async () => {
    const port = await freePort();
    const transport = new JsonRpcTransport(new URL(`http://127.0.0.1:${port}`), { maxBatch: 10 });
    const outcomes = await Promise.allSettled([transport.call('block'), transport.call('header')]);
    for (const [outcome, method] of [
      [outcomes[0], 'block'],
      [outcomes[1], 'header'],
    ] as const) {
      expect(outcome).toMatchObject({ status: 'rejected', reason: { kind: 'connection', method } });
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(EngineUnavailableError);
    }
    transport.close();
  });
});

describe('JsonRpcTransport with frames in memory (EnginePost)', () => {
  const url = new URL('http://devnet.invalid/');

  it('default: the frame goes to `post` as the JSON-RPC text it would POST, and its answer is read alike', async () => {
    const frames: string[] = [];
    const transport = new JsonRpcTransport(url, {
      post: (body) => {
        frames.push(body);
        const { id } = JSON.parse(body) as { id: number };
        return Promise.resolve({
          status: 200,
          text: JSON.stringify({ jsonrpc: '2.0', id, result: { ok: 1 } }),
        });
      },
    });
    expect(await transport.call('status', { height: '5' })).toEqual({ ok: 1 });
    expect(JSON.parse(frames[0]!)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'status',
      params: { height: '5' },
    });
    transport.close();
  });

  it('error: a devnet thread that is gone is unavailability; one that never answers times out', async () => {
    const gone = new JsonRpcTransport(url, {
      post: () =>
        Promise.reject(Object.assign(new Error('the devnet thread has stopped'), { code: 'ECONNREFUSED' })),
    });
    await expect(gone.call('status')).rejects.toMatchObject({
      name: EngineUnavailableError.name,
      kind: 'connection',
    });
    const silent = new JsonRpcTransport(url, {
      timeoutMs: 50,
      post: (_body, deadline) =>
        new Promise((_resolve, reject) => deadline.onPass(() => reject(new Error('aborted')))),
    });
    await expect(silent.call('status')).rejects.toMatchObject({
      name: EngineUnavailableError.name,
      kind: 'timeout',
    });
  });
});

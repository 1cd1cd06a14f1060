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

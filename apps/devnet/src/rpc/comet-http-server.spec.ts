// The CometBFT RPC transport on a sample route table: JSON bodies, batches, URI calls and the
// error shapes real CometBFT clients expect.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createCometHttpServer } from './comet-http-server';
import type { Args, Route } from './route';
import { RouteDispatcher } from './route-dispatcher';

const show = (args: Args) =>
  Object.fromEntries(
    Object.entries(args).map(([key, value]) => [
      key,
      value instanceof Uint8Array
        ? Buffer.from(value).toString('hex')
        : typeof value === 'bigint'
          ? `${value}n`
          : value,
    ]),
  );

const ROUTES: Route[] = [
  {
    name: 'echo',
    args: [
      { name: 'height', kind: 'int' },
      { name: 'path', kind: 'string' },
      { name: 'tx', kind: 'bytes' },
      { name: 'data', kind: 'hexbytes' },
      { name: 'prove', kind: 'bool' },
    ],
    handle: (args) => Promise.resolve(show(args)),
  },
  {
    name: 'broken',
    args: [],
    handle: () => Promise.reject(new Error('height 9 must be less than or equal to 3')),
  },
  {
    name: 'subscribe',
    args: [{ name: 'query', kind: 'string' }],
    handle: () => Promise.resolve({}),
    websocketOnly: true,
  },
];

describe('CometBFT HTTP transport', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createCometHttpServer(new RouteDispatcher(ROUTES));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = async (body: unknown) => {
    const response = await fetch(base, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
  };

  it('default: named params with CometBFT encodings', async () => {
    const reply = await post({
      jsonrpc: '2.0',
      id: 7,
      method: 'echo',
      params: {
        height: '5',
        path: '/a/b',
        tx: Buffer.from('hi').toString('base64'),
        data: 'cafe',
        prove: true,
      },
    });
    expect(reply).toEqual({
      status: 200,
      json: {
        jsonrpc: '2.0',
        id: 7,
        result: { height: '5n', path: '/a/b', tx: '6869', data: 'cafe', prove: true },
      },
    });
  });

  it('args: positional params', async () => {
    const reply = await post({ jsonrpc: '2.0', id: 'x', method: 'echo', params: ['12'] });
    expect(reply.json.result.height).toBe('12n');
  });

  it('behavior: batches answer each request, notifications nothing', async () => {
    const reply = await post([
      { jsonrpc: '2.0', id: 1, method: 'echo', params: {} },
      { jsonrpc: '2.0', method: 'echo', params: {} },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
    ]);
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ]);
  });

  it('error: bad arguments are -32602 with the reason in data', async () => {
    const reply = await post({ jsonrpc: '2.0', id: 1, method: 'echo', params: { height: 'five' } });
    expect(reply.status).toBe(200);
    expect(reply.json.error).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'error converting json params to arguments: height: cannot decode "five" as an integer',
    });
  });

  it('error: a bare number for an int64 and bytes that are not base64, with the Go texts', async () => {
    const reason = async (params: unknown) =>
      (await post({ jsonrpc: '2.0', id: 1, method: 'echo', params })).json.error;
    // libs/json unwraps an expected string for 64-bit integers, whatever else arrives.
    expect(await reason({ height: 5 })).toEqual({
      code: -32602,
      message: 'Invalid params',
      data: 'error converting json params to arguments: invalid 64-bit integer encoding "5", expected string',
    });
    expect((await reason([true])).data).toBe(
      'error converting json params to arguments: invalid 64-bit integer encoding "true", expected string',
    );
    expect((await reason({ tx: 'not base64!' })).data).toBe(
      'error converting json params to arguments: illegal base64 data at input byte 3',
    );
  });

  it('error: handler failures are -32603 with the Go-style text in data', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'broken' })).json.error).toEqual({
      code: -32603,
      message: 'Internal error',
      data: 'height 9 must be less than or equal to 3',
    });
  });

  it('error: websocket-only methods and bad JSON', async () => {
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'subscribe', params: {} })).json.error.code).toBe(
      -32601,
    );
    expect((await post('{nope')).json).toMatchObject({ id: null, error: { code: -32700 } });
  });

  it('default: URI calls with quoted strings, integers and 0x bytes', async () => {
    const response = await fetch(`${base}/echo?height=3&path="/x"&data=0xbeef&tx=0x01&prove=true`);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: -1,
      result: { height: '3n', path: '/x', tx: '01', data: 'beef', prove: true },
    });
  });

  it('error: failed URI calls are HTTP 500 with a JSON-RPC error; unknown routes 404', async () => {
    const bad = await fetch(`${base}/echo?path=unquoted`);
    expect(bad.status).toBe(500);
    expect(((await bad.json()) as { error: { code: number; data: string } }).error).toMatchObject({
      code: -32602,
      data: 'error converting http params to arguments: path: strings must be quoted, e.g. path="…"',
    });
    const unknown = await fetch(`${base}/nope`);
    expect([unknown.status, await unknown.text()]).toEqual([404, '404 page not found\n']);
    const websocketOnly = await fetch(`${base}/subscribe`);
    expect([websocketOnly.status, await websocketOnly.json()]).toEqual([
      404,
      { jsonrpc: '2.0', id: -1, error: { code: -32601, message: 'Method not found' } },
    ]);
  });

  it('default: GET / lists the routes', async () => {
    const text = await (await fetch(base)).text();
    expect(text).toContain('/echo');
    expect(text).toContain('/broken');
  });
});

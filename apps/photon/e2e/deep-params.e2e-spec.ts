// Issue 23 item 6: params nested thousands deep are refused at decode time with -32602 on the
// request's id, on HTTP and the websocket, single and batch, in both topologies; nothing downstream
// (edge answer keys, the bus, validators) ever walks them, so no stack overflow reaches a log.
import { type PhotonStack, type PhotonStackKind, rpcRaw, startPhotonStack } from '@photon/testing';
import WebSocket from 'ws';

jest.setTimeout(120_000);

const ADDRESS = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const HASH = `0x${'ab'.repeat(32)}`;
const deepArray = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const request = (id: number, method: string, params: string): string =>
  `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":${params}}`;

/** The calls of the issue: a state read (edge-kept at latest), a receipt (edge-kept once final), a block. */
const deepCalls = (levels: number): string[] => [
  request(1, 'eth_getBalance', `["${ADDRESS}", ${deepArray(levels)}]`),
  request(2, 'eth_getBalance', `[${deepArray(levels)}, "latest"]`),
  request(3, 'eth_getTransactionReceipt', `[${deepArray(levels)}]`),
  request(4, 'eth_getBlockByNumber', `{"a":${deepArray(levels)}}`),
];

const tooDeep = (id: number) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32602, message: expect.stringMatching(/^invalid (argument \d|params): too deeply nested/) },
});

/** Sends `text` on a fresh websocket (at `path`) and resolves with the one reply frame. */
function overWebsocket(url: string, text: string, path = '/'): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(new URL(path, url));
    socket.once('open', () => socket.send(text));
    socket.once('message', (data) => {
      socket.close();
      resolve(JSON.parse((data as Buffer).toString('utf8')));
    });
    socket.once('error', reject);
  });
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('deep params (%s)', (kind) => {
  let stack: PhotonStack;
  beforeAll(async () => (stack = await startPhotonStack(kind, { readyTimeoutMs: 60_000 })));
  afterAll(() => stack?.stop());

  const logs = (): string => stack.all.map((process) => process.output()).join('\n');

  it('error: each call with params 5,000 deep is -32602 on its id over HTTP, with a 200', async () => {
    for (const [index, text] of deepCalls(5_000).entries()) {
      const reply = await rpcRaw(stack.httpUrl, text);
      expect([reply.status, reply.json]).toEqual([200, tooDeep(index + 1)]);
    }
  });

  it('behavior: a batch refuses only its deep items, each on its id; the others are served', async () => {
    const text = `[${request(9, 'eth_chainId', '[]')},${deepCalls(5_000).join(',')}]`;
    const reply = await rpcRaw(stack.httpUrl, text);
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', id: 9, result: '0x2328' },
      tooDeep(1),
      tooDeep(2),
      tooDeep(3),
      tooDeep(4),
    ]);
  });

  it('error: the websocket refuses them alike, single and batch', async () => {
    for (const [index, text] of deepCalls(5_000).entries()) {
      expect(await overWebsocket(stack.wsUrl, text)).toEqual(tooDeep(index + 1));
    }
    const batch = await overWebsocket(stack.wsUrl, `[${deepCalls(5_000).join(',')}]`);
    expect(batch).toEqual([tooDeep(1), tooDeep(2), tooDeep(3), tooDeep(4)]);
  });

  it('error: 100,000-deep params, and a whole body 100,000 deep, get JSON-RPC errors', async () => {
    const reply = await rpcRaw(
      stack.httpUrl,
      request(5, 'eth_getBalance', `["${ADDRESS}", ${deepArray(100_000)}]`),
    );
    expect(reply.json).toEqual(tooDeep(5));
    expect(
      await overWebsocket(stack.wsUrl, request(6, 'eth_getTransactionReceipt', `[${deepArray(100_000)}]`)),
    ).toEqual(tooDeep(6));
    const body = await rpcRaw(stack.httpUrl, deepArray(100_000));
    expect(body.json).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } },
    ]);
  });

  it('error: the engine-event /websocket answers deep frames with CometBFT parse errors instead of dropping the socket', async () => {
    const deepId = await overWebsocket(
      stack.wsUrl,
      `{"jsonrpc":"2.0","id":${deepArray(5_000)},"method":"subscribe","params":["tm.event='NewBlock'"]}`,
      '/websocket',
    );
    expect(deepId).toMatchObject({
      error: {
        code: -32700,
        data: expect.stringMatching(/^error unmarshaling request: json-rpc ID \(\[\[\[/),
      },
    });
    const tooDeep = await overWebsocket(
      stack.wsUrl,
      `{"jsonrpc":"2.0","id":1,"method":"subscribe","params":[${deepArray(100_000)}]}`,
      '/websocket',
    );
    expect(tooDeep).toMatchObject({
      error: { code: -32700, data: "error unmarshaling request: invalid character '[' exceeded max depth" },
    });
  });

  it('behavior: params within the bound are still served, and nothing overflowed the stack', async () => {
    const receipt = await rpcRaw(stack.httpUrl, request(7, 'eth_getTransactionReceipt', `["${HASH}"]`));
    expect(receipt.json).toEqual({ jsonrpc: '2.0', id: 7, result: null });
    const balance = await rpcRaw(stack.httpUrl, request(8, 'eth_getBalance', `["${ADDRESS}", "latest"]`));
    expect(balance.json).toMatchObject({ id: 8, result: expect.stringMatching(/^0x[0-9a-f]+$/) });
    expect(logs()).not.toMatch(/RangeError|Maximum call stack/);
  });
});

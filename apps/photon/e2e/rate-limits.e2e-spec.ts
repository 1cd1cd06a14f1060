// Per-client protection at the gateway (issue 13, item 5) in both topologies: a client past its rate
// limit gets HTTP 429 with Retry-After and a -32005 per batch item (on the websocket, the errors alone);
// another client behind the same trusted proxy is not limited; an API key is counted apart at its own
// limit and an unknown one is refused; websockets per address are capped; and in the cluster two
// gateways share one count through Redis. Each case is its own client (its own X-Forwarded-For address
// through the trusted 127.0.0.1, or its own key), so cases share one stack without sharing a budget.
import {
  type PhotonStack,
  type PhotonStackKind,
  type OwnServer,
  addGateway,
  rpcRaw,
  startOwnRedis,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';

jest.setTimeout(120_000);

const LIMIT = 20;
const SMALL_KEY = 'e2e-small-key-0001';
const FREE_KEY = 'e2e-free-key-00002';

type Item = {
  id: number | null;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

const batch = (method: string, params: unknown[], count: number, firstId = 1) =>
  JSON.stringify(
    Array.from({ length: count }, (_, i) => ({ jsonrpc: '2.0', id: firstId + i, method, params })),
  );
const single = (method: string, params: unknown[] = []) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });
const from = (address: string) => ({ 'x-forwarded-for': address });

/** Opens a websocket as `address` (via the trusted proxy); resolves with it, or with the refusal's status and body. */
function openWs(
  url: string,
  headers: Record<string, string>,
): Promise<WebSocket | { status: number; body: string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', () => undefined);
  });
}

function ask(ws: WebSocket, text: string): Promise<unknown> {
  return new Promise((resolve) => {
    ws.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()) as unknown));
    ws.send(text);
  });
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('rate limits through the %s tier', (kind) => {
  let stack: PhotonStack;
  let scratch: string;
  let args: string[];

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-rate-limits-'));
    const keys = join(scratch, 'api-keys');
    await writeFile(keys, `# e2e keys\n${SMALL_KEY} 5\n${FREE_KEY} 0\n`, { mode: 0o600 });
    args = [
      '--rate-limit',
      String(LIMIT),
      '--rate-limit-window',
      '1m',
      '--trusted-proxies',
      '127.0.0.1,::1',
      '--api-keys-file',
      keys,
      '--ws-max-connections-per-ip',
      '3',
    ];
    stack = await startPhotonStack(kind, {
      extraArgs: [...args, '--filter-cap-per-client', '2', '--log-level', 'warn'],
      readyTimeoutMs: 60_000,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('default: a client past its limit gets 429, Retry-After and a -32005 per batch item; another address does not', async () => {
    const client = from('198.51.100.1');
    // 10 + 10 units (eth_chainId costs 1): the limit is spent exactly, every item answered.
    for (const firstId of [1, 11]) {
      const spent = await rpcRaw(stack.httpUrl, batch('eth_chainId', [], 10, firstId), client);
      expect(spent.status).toBe(200);
      expect((spent.json as Item[]).every((item) => typeof item.result === 'string')).toBe(true);
    }
    const over = await rpcRaw(stack.httpUrl, batch('eth_chainId', [], 3, 21), client);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const items = over.json as Item[];
    expect(items.map((item) => item.id)).toEqual([21, 22, 23]);
    for (const item of items) {
      expect(item.error).toMatchObject({
        code: -32005,
        data: { limit: LIMIT, windowSeconds: 60, retryAfterSeconds: retryAfter },
      });
    }
    // The same proxy, another client behind it: its own budget.
    const other = await rpcRaw(stack.httpUrl, single('eth_chainId'), from('198.51.100.2'));
    expect(other.status).toBe(200);
    // A forged address left of the proxy's own entry changes nothing: the rightmost untrusted hop counts.
    const forged = await rpcRaw(stack.httpUrl, single('eth_chainId'), from('203.0.113.50, 198.51.100.1'));
    expect(forged.status).toBe(429);
  });

  it('behavior: GET /readyz is not counted (issue 23): a client over its limit still reads it, many at once', async () => {
    const client = from('198.51.100.40');
    expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], LIMIT), client)).status).toBe(200);
    expect((await rpcRaw(stack.httpUrl, single('eth_chainId'), client)).status).toBe(429);
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const res = await fetch(`${stack.httpUrl}/readyz`, { headers: client });
        return [res.status, ((await res.json()) as { status: string }).status];
      }),
    );
    expect(answers.every(([status, ready]) => status === 200 && ready === 'ready')).toBe(true);
    // Reading it spent nothing either: a fresh client's whole budget is still there.
    const fresh = from('198.51.100.41');
    for (let i = 0; i < 10; i++) await fetch(`${stack.httpUrl}/readyz`, { headers: fresh });
    expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], LIMIT), fresh)).status).toBe(200);
  });

  it('behavior: items are weighed by method, so one eth_getLogs call spends what 20 eth_chainId calls do', async () => {
    const client = from('198.51.100.3');
    const logs = await rpcRaw(
      stack.httpUrl,
      single('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x1' }]),
      client,
    );
    expect(logs.status).toBe(200);
    const next = await rpcRaw(stack.httpUrl, single('eth_chainId'), client);
    expect(next.status).toBe(429);
    // A batch that costs more than the whole limit can never pass: no retry time is promised.
    const huge = await rpcRaw(
      stack.httpUrl,
      batch('eth_call', [{ to: '0x' + '00'.repeat(20) }], 3),
      from('198.51.100.4'),
    );
    expect(huge.status).toBe(429);
    expect(huge.headers['retry-after']).toBeUndefined();
    expect((huge.json as Item[])[0]!.error).toMatchObject({ code: -32005, data: { cost: 30, limit: LIMIT } });
  });

  it('behavior: on the websocket a message over the limit gets its JSON-RPC errors and the socket stays open', async () => {
    const ws = await openWs(stack.wsUrl, from('198.51.100.5'));
    if (!(ws instanceof WebSocket)) throw new Error(`refused: ${ws.status} ${ws.body}`);
    try {
      expect(await ask(ws, batch('eth_chainId', [], LIMIT))).toHaveLength(LIMIT);
      const over = (await ask(ws, batch('eth_chainId', [], 2, 100))) as Item[];
      expect(over.map((item) => [item.id, item.error?.code])).toEqual([
        [100, -32005],
        [101, -32005],
      ]);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.close();
    }
  });

  it('behavior: on the engine-event /websocket, subscribe and unsubscribe count; over the limit they get -32005 on their id', async () => {
    const ws = await openWs(`${stack.wsUrl}/websocket`, from('198.51.100.20'));
    if (!(ws instanceof WebSocket)) throw new Error(`refused: ${ws.status} ${ws.body}`);
    // A query no block will match again (height 1 is past): no event frame comes between the answers.
    const query = "tm.event='Tx' AND tx.height=1";
    const frame = (id: number, method: string) =>
      JSON.stringify({ jsonrpc: '2.0', id, method, params: { query } });
    try {
      // subscribe and unsubscribe cost what eth_subscribe and eth_unsubscribe do (1 each): 20 spend the limit.
      for (let id = 1; id <= LIMIT; id += 2) {
        expect(await ask(ws, frame(id, 'subscribe'))).toEqual({ jsonrpc: '2.0', id, result: {} });
        expect(await ask(ws, frame(id + 1, 'unsubscribe'))).toEqual({
          jsonrpc: '2.0',
          id: id + 1,
          result: {},
        });
      }
      const over = (await ask(ws, frame(LIMIT + 1, 'subscribe'))) as Item;
      expect(over).toEqual({
        jsonrpc: '2.0',
        id: LIMIT + 1,
        error: {
          code: -32005,
          message: expect.stringMatching(/^rate limit exceeded: 20 cost units per 60 s; retry in \d+ s$/),
          data: { limit: LIMIT, windowSeconds: 60, retryAfterSeconds: expect.any(Number) },
        },
      });
      expect(((await ask(ws, '{')) as Item).error?.code).toBe(-32005);
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.close();
    }
    // Another client behind the same proxy has its own budget.
    const other = await openWs(`${stack.wsUrl}/websocket`, from('198.51.100.21'));
    if (!(other instanceof WebSocket)) throw new Error(`refused: ${other.status} ${other.body}`);
    try {
      expect(await ask(other, frame(1, 'subscribe'))).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    } finally {
      other.close();
    }
  });

  it('behavior: websockets past --ws-max-connections-per-ip get 429 with a JSON body; a closed one frees its place', async () => {
    const client = from('198.51.100.6');
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const ws = await openWs(i === 2 ? `${stack.wsUrl}/websocket` : stack.wsUrl, client);
        if (!(ws instanceof WebSocket)) throw new Error(`refused early: ${ws.status}`);
        open.push(ws);
      }
      const refused = await openWs(stack.wsUrl, client);
      expect(refused).toMatchObject({ status: 429 });
      expect(JSON.parse((refused as { body: string }).body)).toMatchObject({
        error: { code: -32005, data: { limit: 3 } },
      });
      const elsewhere = await openWs(stack.wsUrl, from('198.51.100.7'));
      expect(elsewhere).toBeInstanceOf(WebSocket);
      (elsewhere as WebSocket).close();
      const closing = open.pop()!;
      await new Promise<void>((resolve) => {
        closing.once('close', () => resolve());
        closing.close();
      });
      let again: Awaited<ReturnType<typeof openWs>> | undefined;
      await waitFor(
        async () => {
          again = await openWs(stack.wsUrl, client);
          return again instanceof WebSocket;
        },
        { what: 'a place to free up' },
      );
      open.push(again as WebSocket);
    } finally {
      for (const ws of open) ws.close();
    }
  });

  it('behavior: an API key is counted at its own limit, apart from the address; an unknown key gets 401', async () => {
    const address = '198.51.100.8';
    const keyed = { ...from(address), 'x-api-key': SMALL_KEY };
    expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], 5), keyed)).status).toBe(200);
    const over = await rpcRaw(stack.httpUrl, single('eth_chainId'), keyed);
    expect(over.status).toBe(429);
    expect((over.json as Item).error).toMatchObject({ code: -32005, data: { limit: 5 } });
    // The address itself (no key) still has its whole budget, and an unlimited key has no limit at all.
    expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], LIMIT), from(address))).status).toBe(200);
    const free = { ...from(address), 'x-api-key': FREE_KEY };
    expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], 3 * LIMIT), free)).status).toBe(200);

    const unknown = await rpcRaw(stack.httpUrl, single('eth_chainId'), { 'x-api-key': 'not-a-known-key' });
    expect(unknown.status).toBe(401);
    expect((unknown.json as Item).error).toEqual({ code: -32600, message: 'unknown API key (X-Api-Key)' });
    expect(unknown.text).not.toContain('not-a-known-key');
    expect(await openWs(stack.wsUrl, { 'x-api-key': 'not-a-known-key' })).toMatchObject({ status: 401 });
    // No process printed a key.
    for (const process of stack.all) {
      expect(process.output()).not.toContain(SMALL_KEY);
      expect(process.output()).not.toContain('not-a-known-key');
    }
  });

  it('behavior: the per-client filter cap counts the same client address (behind the trusted proxy)', async () => {
    const newFilter = async (address: string) =>
      (await rpcRaw(stack.httpUrl, single('eth_newBlockFilter'), from(address))).json as Item;
    expect((await newFilter('198.51.100.10')).result).toEqual(expect.any(String));
    expect((await newFilter('198.51.100.10')).result).toEqual(expect.any(String));
    expect((await newFilter('198.51.100.10')).error).toMatchObject({ code: -32005 });
    expect((await newFilter('198.51.100.11')).result).toEqual(expect.any(String));
  });

  if (kind === 'cluster') {
    it('behavior: two gateways share one count through Redis', async () => {
      const cluster = stack as Extract<PhotonStack, { kind: 'cluster' }>;
      const second = await addGateway(cluster, [...args, '--log-level', 'warn']);
      const client = from('198.51.100.9');
      expect((await rpcRaw(stack.httpUrl, batch('eth_chainId', [], 15), client)).status).toBe(200);
      expect((await rpcRaw(second.httpUrl, batch('eth_chainId', [], 5), client)).status).toBe(200);
      expect((await rpcRaw(second.httpUrl, single('eth_chainId'), client)).status).toBe(429);
      expect((await rpcRaw(stack.httpUrl, single('eth_chainId'), client)).status).toBe(429);
    });

    it('error: with its Redis stopped, a refuse gateway answers 503 and -32002 per item, an allow gateway serves', async () => {
      const cluster = stack as Extract<PhotonStack, { kind: 'cluster' }>;
      let redis: OwnServer | undefined;
      try {
        redis = await startOwnRedis(join(scratch, 'redis'));
        const own = ['--redis-url', redis.url, '--rate-limit', '100', '--log-level', 'warn'];
        const refuse = await addGateway(cluster, [...own, '--rate-limit-store-down', 'refuse']);
        const allow = await addGateway(cluster, [...own, '--rate-limit-store-down', 'allow']);
        expect((await rpcRaw(refuse.httpUrl, single('eth_chainId'))).status).toBe(200);
        await redis.kill('SIGTERM');
        let down: Awaited<ReturnType<typeof rpcRaw>> | undefined;
        await waitFor(
          async () => {
            down = await rpcRaw(refuse.httpUrl, batch('eth_chainId', [], 2));
            return down.status !== 200;
          },
          { what: 'the refuse gateway to see Redis gone' },
        );
        expect(down!.status).toBe(503);
        expect((down!.json as Item[]).map((item) => [item.id, item.error?.code])).toEqual([
          [1, -32002],
          [2, -32002],
        ]);
        const allowed = await rpcRaw(allow.httpUrl, batch('eth_chainId', [], 2));
        expect(allowed.status).toBe(200);
        await waitFor(() => Promise.resolve(/rate limit store unavailable/.test(allow.process.output())), {
          what: 'the allow gateway to warn',
        });
        await redis.start();
        await waitFor(async () => (await rpcRaw(refuse.httpUrl, single('eth_chainId'))).status === 200, {
          what: 'the refuse gateway to serve again once Redis is back',
          timeoutMs: 20_000,
        });
      } finally {
        await redis?.kill('SIGTERM');
      }
    });
  }
});

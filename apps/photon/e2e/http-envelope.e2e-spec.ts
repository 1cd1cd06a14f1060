// The HTTP listener's envelope, limits and failure answers: always a JSON-RPC body, never HTML.
import * as fc from 'fast-check';
import { type TestTier, call, post, startTestTier } from './in-process-app';

const MiB = 1024 * 1024;

describe('HTTP envelope and limits (defaults)', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier()));
  afterAll(() => tier.close());

  it('default: a batch answers in request order', async () => {
    const reply = await post(tier.httpUrl, [call('eth_chainId', [], 'a'), call('net_version', [], 2)]);
    expect(reply.json).toEqual([
      { jsonrpc: '2.0', id: 'a', result: '0x2328' },
      { jsonrpc: '2.0', id: 2, result: '9000' },
    ]);
  });

  it('behavior: notifications get an empty 200, an all-notification batch too', async () => {
    const single = await post(tier.httpUrl, { jsonrpc: '2.0', method: 'eth_chainId', params: [] });
    expect([single.status, single.text]).toEqual([200, '']);
    const batch = await post(tier.httpUrl, [
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', method: 'x' },
    ]);
    expect([batch.status, batch.text]).toEqual([200, '']);
  });

  it('error: invalid JSON is -32700 with id null', async () => {
    const reply = await post(tier.httpUrl, '{"jsonrpc":"2.0",');
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'parse error' } });
    expect((await post(tier.httpUrl, '')).json.error.code).toBe(-32700);
  });

  it('behavior: 1000 batch items are served', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => call('eth_chainId', [], i));
    const reply = await post(tier.httpUrl, items);
    expect(reply.json).toHaveLength(1000);
    expect(reply.json.every((r: { result?: string }) => r.result === '0x2328')).toBe(true);
  });

  it('error: 1001 batch items get one error per item', async () => {
    const items = Array.from({ length: 1001 }, (_, i) => call('eth_chainId', [], i));
    const reply = await post(tier.httpUrl, items);
    expect(reply.json).toHaveLength(1001);
    expect(reply.json[1000]).toEqual({
      jsonrpc: '2.0',
      id: 1000,
      error: { code: -32005, message: 'batch too large', data: { limit: 1000 } },
    });
  });

  it('error: a body over 5 MiB is HTTP 413 with a JSON-RPC error body', async () => {
    const big = JSON.stringify(call('web3_sha3', ['0x' + 'ab'.repeat((5 * MiB) / 2)]));
    const reply = await post(tier.httpUrl, big);
    expect(reply.status).toBe(413);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expect(reply.json).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32005,
        message: `request body too large, the limit is ${5 * MiB} bytes`,
        data: { limit: 5 * MiB },
      },
    });
  });

  it('behavior: a body just under 5 MiB is served', async () => {
    const hex = '0x' + 'ab'.repeat((5 * MiB - 200) / 2);
    const reply = await post(tier.httpUrl, call('web3_sha3', [hex]));
    expect(reply.status).toBe(200);
    expect(reply.json.result).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('error: a wrong content type is 415 with a JSON-RPC error', async () => {
    const reply = await post(tier.httpUrl, call('eth_chainId'), 'text/plain');
    expect(reply.status).toBe(415);
    expect(reply.json.error).toEqual({
      code: -32600,
      message: 'invalid content type, only application/json is supported',
    });
    expect(
      (await post(tier.httpUrl, call('eth_chainId'), 'application/json; charset=utf-8')).json.result,
    ).toBe('0x2328');
  });

  it('error: a wrong HTTP method or path gets a JSON-RPC error, not HTML', async () => {
    const get = await fetch(tier.httpUrl);
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600 } });
    const elsewhere = await fetch(`${tier.httpUrl}/nope`, { method: 'POST', body: '{}' });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  it('behavior: arbitrary bodies always get a JSON-RPC answer (or none, for notifications)', async () => {
    const body = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .array(
          fc.record({
            jsonrpc: fc.constant('2.0'),
            id: fc.anything(),
            method: fc.string(),
            params: fc.anything(),
          }),
        )
        .map((items) => JSON.stringify(items)),
      fc
        .record({
          jsonrpc: fc.constant('2.0'),
          id: fc.integer(),
          method: fc.constantFrom('web3_sha3', 'eth_chainId', 'x'),
        })
        .chain((item) => fc.anything().map((params) => JSON.stringify({ ...item, params }))),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const reply = await post(tier.httpUrl, text);
        expect(reply.status).toBe(200);
        const answers = reply.text === '' ? [] : Array.isArray(reply.json) ? reply.json : [reply.json];
        for (const answer of answers as Record<string, unknown>[]) {
          expect(answer['jsonrpc']).toBe('2.0');
          expect('result' in answer !== 'error' in answer).toBe(true);
          if ('error' in answer)
            expect(JSON.stringify(answer)).not.toMatch(/\\n\s+at |node_modules|\.[jt]s:\d/);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('default: /healthz is alive and /readyz names the services it checked', async () => {
    expect(await (await fetch(`${tier.httpUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${tier.httpUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      services: { query: true, keystore: true, tx: true, events: true },
    });
  });

  it('behavior: no CORS headers unless configured', async () => {
    const reply = await fetch(tier.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://dapp.example' },
      body: JSON.stringify(call('eth_chainId')),
    });
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('HTTP limits and CORS (configured)', () => {
  let tier: TestTier;
  beforeAll(
    async () =>
      (tier = await startTestTier([
        '--max-body-bytes',
        '2048',
        '--max-batch-items',
        '3',
        '--max-batch-response-bytes',
        '200',
        '--cors-origins',
        'https://dapp.example',
      ])),
  );
  afterAll(() => tier.close());

  it('args: --max-body-bytes', async () => {
    const reply = await post(tier.httpUrl, call('web3_sha3', ['0x' + 'ab'.repeat(1100)]));
    expect(reply.status).toBe(413);
    expect(reply.json.error.data).toEqual({ limit: 2048 });
  });

  it('args: --max-batch-items', async () => {
    const reply = await post(
      tier.httpUrl,
      Array.from({ length: 4 }, (_, i) => call('eth_chainId', [], i)),
    );
    expect(reply.json.map((r: { error: { code: number } }) => r.error.code)).toEqual([
      -32005, -32005, -32005, -32005,
    ]);
  });

  it('args: --max-batch-response-bytes answers the overflow with response too large', async () => {
    const reply = await post(
      tier.httpUrl,
      Array.from({ length: 3 }, (_, i) => call('web3_clientVersion', [], i)),
    );
    expect(reply.json[0].result).toMatch(/^Photon/);
    expect(reply.json[2].error).toEqual({ code: -32005, message: 'response too large' });
  });

  it('args: --cors-origins answers preflight and tags allowed origins only', async () => {
    const preflight = await fetch(tier.httpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://dapp.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://dapp.example');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    const other = await fetch(tier.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(call('eth_chainId')),
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

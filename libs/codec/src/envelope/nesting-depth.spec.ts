// The params depth bound: found without recursion, refused with -32602 on the request's id.
import { dispatch } from './dispatch';
import { MAX_PARAMS_DEPTH, nestsDeeperThan } from './nesting-depth';
import { parseBody } from './parse-body';

const deepArray = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
const deepObject = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const parse = (text: string) => parseBody(text, { requireVersion: true, maxBatchItems: 1000 });
const run = (text: string) =>
  dispatch(
    parse(text),
    (call) => Promise.resolve(call.method),
    () => undefined,
  );
const request = (id: unknown, params: string, method = 'eth_getBalance') =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"${method}","params":${params}}`;

describe(nestsDeeperThan.name, () => {
  it('default: primitives nest 0 levels, each array or object one more', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan([1, { a: [2] }], 3)).toBe(false);
    expect(nestsDeeperThan([1, { a: [2] }], 2)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: { c: {} } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: 1, b: { c: {} } }, 2)).toBe(true);
  });

  it('behavior: a value nested 100,000 deep is measured without overflowing the stack', () => {
    expect(nestsDeeperThan(JSON.parse(deepArray(100_000)), MAX_PARAMS_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(deepObject(100_000)), MAX_PARAMS_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(deepArray(MAX_PARAMS_DEPTH)), MAX_PARAMS_DEPTH)).toBe(false);
  });
});

describe('params depth bound (parseBody)', () => {
  it(`default: params nesting ${MAX_PARAMS_DEPTH} levels are served, one more is -32602 on the id`, async () => {
    // The params array is level 1: an argument nested 63 levels makes 64.
    const fits = `["0x0", ${deepArray(MAX_PARAMS_DEPTH - 1)}]`;
    expect(await run(request(1, fits))).toEqual({ jsonrpc: '2.0', id: 1, result: 'eth_getBalance' });
    const over = `["0x0", ${deepArray(MAX_PARAMS_DEPTH)}]`;
    expect(await run(request('a', over))).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: {
        code: -32602,
        message: 'invalid argument 1: too deeply nested (params may nest at most 64 levels)',
      },
    });
  });

  it('error: 5,000 and 100,000 deep arrays and objects, as params or named params', async () => {
    for (const levels of [5_000, 100_000]) {
      const reply = await run(request(7, `[${deepArray(levels)}, "latest"]`));
      expect(reply).toMatchObject({
        id: 7,
        error: { code: -32602, message: /^invalid argument 0: too deeply/ },
      });
      const named = await run(request(8, deepObject(levels)));
      expect(named).toEqual({
        jsonrpc: '2.0',
        id: 8,
        error: {
          code: -32602,
          message: 'invalid params: too deeply nested (params may nest at most 64 levels)',
        },
      });
    }
  });

  it('behavior: in a batch only the deep item is refused, each answer on its own id', async () => {
    const text = `[${request(1, '["0x0"]')},${request(2, `[${deepArray(5_000)}]`)},${request(3, '[]', 'eth_chainId')}]`;
    expect(await run(text)).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'eth_getBalance' },
      { jsonrpc: '2.0', id: 2, error: expect.objectContaining({ code: -32602 }) },
      { jsonrpc: '2.0', id: 3, result: 'eth_chainId' },
    ]);
  });

  it('behavior: a notification with deep params is refused and answered with nothing', async () => {
    const text = `{"jsonrpc":"2.0","method":"eth_getBalance","params":[${deepArray(5_000)}]}`;
    expect(parse(text)).toMatchObject({ kind: 'single', item: { ok: false, silent: true } });
    expect(await run(text)).toBeUndefined();
    expect(await run(`[${text}]`)).toBeUndefined();
  });

  it('behavior: a body nested 100,000 deep outside any params is an invalid request, not a crash', async () => {
    expect(await run(deepArray(100_000))).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid request' } },
    ]);
  });

  it('args: maxParamsDepth sets the bound', () => {
    const body = parseBody(request(1, '[[["x"]]]'), {
      requireVersion: true,
      maxBatchItems: 1,
      maxParamsDepth: 2,
    });
    expect(body).toMatchObject({ kind: 'single', item: { ok: false } });
  });
});

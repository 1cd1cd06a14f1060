// Every example of JSON-RPC 2.0 section 7, replayed through parseBody + dispatch, plus the
// tier's own envelope rules (batch limit, websocket version leniency, id echo, response cap).
import * as fc from 'fast-check';
import { MethodNotFoundError } from '../errors/rpc-errors';
import { dispatch } from './dispatch';
import type { RpcCall } from './envelope-types';
import { parseBody } from './parse-body';
import { serializeReply } from './serialize-reply';

const notFound = (method: string) => ({
  code: -32601,
  message: `the method ${method} does not exist/is not available`,
});

function specInvoke(call: RpcCall): Promise<unknown> {
  return Promise.resolve().then(() => specResult(call));
}

function specResult(call: RpcCall): unknown {
  const params = call.params as Record<string, number> & number[];
  switch (call.method) {
    case 'subtract':
      return Array.isArray(params) ? params[0]! - params[1]! : params['minuend'] - params['subtrahend'];
    case 'sum':
      return (params as number[]).reduce((a, b) => a + b, 0);
    case 'get_data':
      return ['hello', 5];
    case 'update':
    case 'notify_hello':
    case 'notify_sum':
      return null;
    default:
      throw new MethodNotFoundError(call.method);
  }
}

const noLog = () => undefined;
async function run(text: string, requireVersion = true, maxBatchItems = 1000) {
  return dispatch(parseBody(text, { requireVersion, maxBatchItems }), specInvoke, noLog);
}

describe('JSON-RPC 2.0 section 7', () => {
  it('default: rpc call with positional parameters', async () => {
    expect(await run('{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}')).toEqual({
      jsonrpc: '2.0',
      result: 19,
      id: 1,
    });
    expect(await run('{"jsonrpc": "2.0", "method": "subtract", "params": [23, 42], "id": 2}')).toEqual({
      jsonrpc: '2.0',
      result: -19,
      id: 2,
    });
  });

  it('args: rpc call with named parameters', async () => {
    expect(
      await run(
        '{"jsonrpc": "2.0", "method": "subtract", "params": {"subtrahend": 23, "minuend": 42}, "id": 3}',
      ),
    ).toEqual({ jsonrpc: '2.0', result: 19, id: 3 });
    expect(
      await run(
        '{"jsonrpc": "2.0", "method": "subtract", "params": {"minuend": 42, "subtrahend": 23}, "id": 4}',
      ),
    ).toEqual({ jsonrpc: '2.0', result: 19, id: 4 });
  });

  it('behavior: a notification gets no response', async () => {
    expect(await run('{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}')).toBeUndefined();
    expect(await run('{"jsonrpc": "2.0", "method": "foobar"}')).toBeUndefined();
  });

  it('error: rpc call of non-existent method', async () => {
    expect(await run('{"jsonrpc": "2.0", "method": "foobar", "id": "1"}')).toEqual({
      jsonrpc: '2.0',
      error: notFound('foobar'),
      id: '1',
    });
  });

  it('error: rpc call with invalid JSON', async () => {
    expect(await run('{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'parse error' },
      id: null,
    });
  });

  it('error: rpc call with invalid Request object', async () => {
    expect(await run('{"jsonrpc": "2.0", "method": 1, "params": "bar"}')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'invalid request' },
      id: null,
    });
  });

  it('error: rpc call Batch, invalid JSON', async () => {
    const text = `[
      {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
      {"jsonrpc": "2.0", "method"
    ]`;
    expect(await run(text)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'parse error' },
      id: null,
    });
  });

  it('error: rpc call with an empty Array', async () => {
    expect(await run('[]')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'empty batch' },
      id: null,
    });
  });

  it('error: rpc call with an invalid Batch (but not empty)', async () => {
    expect(await run('[1]')).toEqual([
      { jsonrpc: '2.0', error: { code: -32600, message: 'invalid request' }, id: null },
    ]);
  });

  it('error: rpc call with invalid Batch', async () => {
    const invalid = { jsonrpc: '2.0', error: { code: -32600, message: 'invalid request' }, id: null };
    expect(await run('[1,2,3]')).toEqual([invalid, invalid, invalid]);
  });

  it('behavior: rpc call Batch', async () => {
    const text = `[
      {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"},
      {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]},
      {"jsonrpc": "2.0", "method": "subtract", "params": [42,23], "id": "2"},
      {"foo": "boo"},
      {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"},
      {"jsonrpc": "2.0", "method": "get_data", "id": "9"}
    ]`;
    expect(await run(text)).toEqual([
      { jsonrpc: '2.0', result: 7, id: '1' },
      { jsonrpc: '2.0', result: 19, id: '2' },
      { jsonrpc: '2.0', error: { code: -32600, message: 'invalid request' }, id: null },
      { jsonrpc: '2.0', error: notFound('foo.get'), id: '5' },
      { jsonrpc: '2.0', result: ['hello', 5], id: '9' },
    ]);
  });

  it('behavior: rpc call Batch (all notifications)', async () => {
    const text = `[
      {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},
      {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}
    ]`;
    expect(await run(text)).toBeUndefined();
  });
});

describe('envelope rules of the tier', () => {
  it('behavior: batch items run concurrently and answer in request order', async () => {
    const order: string[] = [];
    const slowFirst = async (call: RpcCall) => {
      await new Promise((resolve) => setTimeout(resolve, call.id === 1 ? 30 : 0));
      order.push(String(call.id));
      return call.id;
    };
    const body = parseBody('[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","id":2,"method":"b"}]', {
      requireVersion: true,
      maxBatchItems: 10,
    });
    const reply = await dispatch(body, slowFirst, noLog);
    expect(order).toEqual(['2', '1']);
    expect(reply).toEqual([
      { jsonrpc: '2.0', id: 1, result: 1 },
      { jsonrpc: '2.0', id: 2, result: 2 },
    ]);
  });

  it('error: a batch over the limit gets one error per item', async () => {
    const items = Array.from({ length: 4 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'sum',
      params: [1],
    }));
    const reply = await run(JSON.stringify(items), true, 3);
    expect(reply).toHaveLength(4);
    expect(reply).toEqual(
      items.map((item) => ({
        jsonrpc: '2.0',
        id: item.id,
        error: { code: -32005, message: 'batch too large', data: { limit: 3 } },
      })),
    );
  });

  it('args: the websocket may omit jsonrpc, HTTP may not', async () => {
    const text = '{"id": 7, "method": "sum", "params": [1, 2]}';
    expect(await run(text, false)).toEqual({ jsonrpc: '2.0', id: 7, result: 3 });
    expect(await run(text, true)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32600, message: 'invalid request' },
    });
    expect(await run('{"jsonrpc": "1.0", "id": 7, "method": "sum", "params": [1]}', false)).toMatchObject({
      error: { code: -32600 },
    });
  });

  it('behavior: ids are echoed with their JSON type', async () => {
    for (const id of [0, 1.5, -3, 'abc', '', null]) {
      const reply = await run(JSON.stringify({ jsonrpc: '2.0', id, method: 'sum', params: [1] }));
      expect(reply).toEqual({ jsonrpc: '2.0', id, result: 1 });
    }
  });

  it('error: an id of the wrong type is an invalid request answered with id null', async () => {
    expect(await run('{"jsonrpc":"2.0","id":{"a":1},"method":"sum","params":[1]}')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'invalid request' },
    });
  });

  it('error: a handler crash is an opaque internal error with an id in the logs', async () => {
    const logged: string[] = [];
    const body = parseBody('{"jsonrpc":"2.0","id":1,"method":"x"}', {
      requireVersion: true,
      maxBatchItems: 1,
    });
    const reply = await dispatch(
      body,
      () => Promise.reject(new Error('secret stack detail')),
      (errorId) => logged.push(errorId),
    );
    expect(reply).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'internal error', data: { errorId: logged[0] } },
    });
    expect(JSON.stringify(reply)).not.toContain('secret');
  });

  it('behavior: a batch reply over the size cap answers the overflow with response too large', () => {
    const reply = [
      { jsonrpc: '2.0' as const, id: 1, result: 'x'.repeat(50) },
      { jsonrpc: '2.0' as const, id: 2, result: 'y'.repeat(50) },
    ];
    const text = serializeReply(reply, 100);
    expect(JSON.parse(text!)).toEqual([
      reply[0],
      { jsonrpc: '2.0', id: 2, error: { code: -32005, message: 'response too large' } },
    ]);
  });

  it('behavior: arbitrary input never produces anything but JSON-RPC responses', async () => {
    const anyText = fc.oneof(
      fc.string(),
      fc.json(),
      fc.anything().map((value) => JSON.stringify(value) ?? 'undefined'),
      fc
        .array(
          fc.record({
            jsonrpc: fc.constant('2.0'),
            id: fc.anything(),
            method: fc.anything(),
            params: fc.anything(),
          }),
        )
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (text) => {
        const reply = await run(text, false, 5);
        const responses = reply === undefined ? [] : Array.isArray(reply) ? reply : [reply];
        for (const response of responses as Record<string, unknown>[]) {
          expect(response['jsonrpc']).toBe('2.0');
          expect('result' in response !== 'error' in response).toBe(true);
          expect(['string', 'number', 'object']).toContain(typeof response['id']);
        }
      }),
      { numRuns: 500 },
    );
  });
});

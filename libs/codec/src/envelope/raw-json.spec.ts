import fc from 'fast-check';
import type { Reply } from './dispatch';
import type { JsonRpcId } from './envelope-types';
import { RawJson } from './raw-json';
import { serializeReply } from './serialize-reply';

const MAX = 10 * 1024 * 1024;
const success = (id: JsonRpcId, result: unknown) => ({ jsonrpc: '2.0' as const, id, result });

describe(RawJson.name, () => {
  it('default: a reply with a RawJson result is the same text as with the value it stands for', () => {
    const receipt = { blockNumber: '0x20', logs: [{ data: '0x', topics: ['0x01'] }], status: '0x1' };
    const raw = new RawJson(JSON.stringify(receipt));
    expect(serializeReply(success(7, raw), MAX)).toBe(serializeReply(success(7, receipt), MAX));
    expect(serializeReply(success('a"b', new RawJson('null')), MAX)).toBe(
      '{"jsonrpc":"2.0","id":"a\\"b","result":null}',
    );
  });

  it('property: single and batch replies match, whatever the values and ids', () => {
    const id = fc.oneof(fc.string(), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.tuple(id, fc.jsonValue()), { minLength: 1, maxLength: 5 }), (items) => {
        const plain = items.map(([itemId, value]) => success(itemId, value));
        const raw = items.map(([itemId, value]) => success(itemId, new RawJson(JSON.stringify(value))));
        expect(serializeReply(raw as Reply, MAX)).toBe(serializeReply(plain as Reply, MAX));
        expect(serializeReply(raw[0], MAX)).toBe(serializeReply(plain[0], MAX));
      }),
    );
  });

  it('behavior: anything else that serializes it gets the value (toJSON)', () => {
    const raw = new RawJson('{"a":[1,2]}');
    expect(JSON.stringify({ result: raw })).toBe('{"result":{"a":[1,2]}}');
    expect(raw.value()).toEqual({ a: [1, 2] });
  });

  it('limit: a batch over the response cap still replaces the items past it', () => {
    const big = new RawJson(JSON.stringify('x'.repeat(100)));
    const reply = serializeReply([success(1, big), success(2, big)] as Reply, 150);
    const parsed = JSON.parse(reply ?? '') as { id: number; result?: string; error?: { code: number } }[];
    expect(parsed[0]?.result).toBe('x'.repeat(100));
    expect(parsed[1]?.error?.code).toBe(-32005);
  });
});

import { EngineResponseError } from '../errors';
import { JsonNode } from './json-read';

const node = (value: unknown) => new JsonNode(value, 'answer');

describe(JsonNode.name, () => {
  it('default: typed reads of CometBFT encodings', () => {
    const answer = node({ h: '-9223372036854775808', n: 3, hash: 'ABCDEF', b: 'AQI=', t: true, list: null });
    expect(answer.get('h').int64()).toBe(-(2n ** 63n));
    expect(answer.get('n').int32()).toBe(3);
    expect(answer.get('n').int64()).toBe(3n);
    expect(answer.get('hash').hex()).toBe('0xabcdef');
    expect(answer.get('b').base64()).toEqual(Uint8Array.of(1, 2));
    expect(answer.get('t').boolean()).toBe(true);
    expect(answer.get('list').array()).toEqual([]);
    expect(answer.get('missing').optionalString()).toBe('');
    expect(answer.get('missing').base64()).toEqual(new Uint8Array());
    expect(answer.get('missing').hex()).toBe('0x');
  });

  it.each([
    ['an int64 that is not decimal', (n: JsonNode) => n.get('x').int64(), { x: '0x10' }, 'answer.x'],
    ['a hash that is not hex', (n: JsonNode) => n.get('x').hex(), { x: 'XYZ' }, 'answer.x'],
    ['base64 with a bad length', (n: JsonNode) => n.get('x').base64(), { x: 'AQI' }, 'answer.x'],
    ['a nested missing object', (n: JsonNode) => n.get('a').get('b'), {}, 'answer.a'],
    ['an array element', (n: JsonNode) => n.get('a').array()[1]?.string(), { a: ['x', 1] }, 'answer.a[1]'],
  ])('error: %s names its path', (_name, read, value, path) => {
    expect(() => read(node(value))).toThrow(EngineResponseError);
    expect(() => read(node(value))).toThrow(`malformed engine answer at ${path}`);
  });
});

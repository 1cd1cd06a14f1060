// The Go-compatible reading of websocket frames and subscription params.
import { ParamsError, decodeFrame, stringParams } from './go-request';

describe(decodeFrame.name, () => {
  it('default: a request object', () => {
    expect(decodeFrame('{"jsonrpc":"2.0","id":3,"method":"subscribe","params":{"query":"q"}}')).toEqual({
      kind: 'request',
      id: 3,
      method: 'subscribe',
      params: { query: 'q' },
    });
  });

  it('args: ids are strings or truncated numbers; field names match case-insensitively', () => {
    expect(decodeFrame('{"id":"a","method":"m"}')).toMatchObject({ kind: 'request', id: 'a' });
    expect(decodeFrame('{"id":-2.7,"method":"m"}')).toMatchObject({ kind: 'request', id: -2 });
    expect(decodeFrame('{"ID":4,"Method":"health"}')).toMatchObject({
      kind: 'request',
      id: 4,
      method: 'health',
    });
    expect(decodeFrame('{"id":4}')).toMatchObject({ kind: 'request', id: 4, method: '', params: undefined });
  });

  it('behavior: a missing or null id, or a null frame, is a notification', () => {
    expect(decodeFrame('{"method":"subscribe"}')).toEqual({ kind: 'notification' });
    expect(decodeFrame('{"id":null,"method":"subscribe"}')).toEqual({ kind: 'notification' });
    expect(decodeFrame('null')).toEqual({ kind: 'notification' });
  });

  it("error: Go's unmarshaling errors", () => {
    expect(decodeFrame('')).toEqual({ kind: 'unreadable', reason: 'EOF' });
    expect(decodeFrame('{"id":')).toEqual({ kind: 'unreadable', reason: 'unexpected EOF' });
    expect(decodeFrame('5')).toMatchObject({
      reason: expect.stringMatching(
        /^json: cannot unmarshal number into Go value of type struct \{ JSONRPC string/,
      ),
    });
    expect(decodeFrame('{"id":1,"method":7}')).toEqual({
      kind: 'unreadable',
      reason: 'json: cannot unmarshal number into Go struct field .method of type string',
    });
    expect(decodeFrame('{"id":[1,2.5e6],"method":"m"}')).toEqual({
      kind: 'unreadable',
      reason: 'json-rpc ID ([1 2.5e+06]) is of unknown type ([]interface {})',
    });
    expect(decodeFrame('{"id":{"b":"x","a":1},"method":"m"}')).toEqual({
      kind: 'unreadable',
      reason: 'json-rpc ID (map[a:1 b:x]) is of unknown type (map[string]interface {})',
    });
    expect(decodeFrame('{"id":[[],{"a":[null,{}]},[1]],"method":"m"}')).toMatchObject({
      reason: 'json-rpc ID ([[] map[a:[<nil> map[]]] [1]]) is of unknown type ([]interface {})',
    });
  });

  it('error: an id nested 10,000 deep is printed as Go prints it; a frame deeper than that is refused as Go does', () => {
    const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
    expect(decodeFrame(`{"id":${deep(9_999)},"method":"m"}`)).toEqual({
      kind: 'unreadable',
      reason: `json-rpc ID (${deep(9_999)}) is of unknown type ([]interface {})`,
    });
    for (const frame of [
      `{"id":1,"params":${deep(10_000)}}`,
      deep(100_000),
      `{"a":"[[[","c":${'{"b":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
    ]) {
      expect(decodeFrame(frame)).toMatchObject({
        kind: 'unreadable',
        reason: expect.stringMatching(/^invalid character '[[{]' exceeded max depth$/),
      });
    }
    // Brackets inside strings do not nest.
    expect(decodeFrame(`{"id":1,"method":"${'['.repeat(20_000)}"}`)).toMatchObject({
      kind: 'request',
      id: 1,
    });
  });
});

describe(stringParams.name, () => {
  it('default: named params, missing and null ones as ""', () => {
    expect(stringParams({ query: 'q' }, ['query'])).toEqual(['q']);
    expect(stringParams({ other: 'q' }, ['query'])).toEqual(['']);
    expect(stringParams({ query: null }, ['query'])).toEqual(['']);
    expect(stringParams(undefined, ['query'])).toEqual(['']);
    expect(stringParams(null, ['query'])).toEqual(['']);
  });

  it('args: positional params', () => {
    expect(stringParams(['q'], ['query'])).toEqual(['q']);
    expect(stringParams([], [])).toEqual([]);
  });

  it("error: jsonParamsToArgs's messages", () => {
    const reason = (params: unknown, names: string[]) => {
      try {
        stringParams(params, names);
      } catch (error) {
        expect(error).toBeInstanceOf(ParamsError);
        return (error as Error).message;
      }
      return undefined;
    };
    expect(reason(['a', 1], ['query'])).toBe('expected 1 parameters ([query]), got 2 ([[34 97 34] [49]])');
    expect(reason([], ['query'])).toBe('expected 1 parameters ([query]), got 0 ([])');
    expect(reason({ query: true }, ['query'])).toBe(
      'json: cannot unmarshal bool into Go value of type string',
    );
    expect(reason('q', ['query'])).toBe(
      'unknown type for JSON params: json: cannot unmarshal string into Go value of type []json.RawMessage. Expected map or array',
    );
  });
});

import { CodecError, inEntry, inField, jsonKind } from './codec-error';

describe(CodecError.name, () => {
  it('default', () => {
    const error = new CodecError('invalid hex string');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('invalid hex string');
    expect(error.reason).toBe('invalid hex string');
    expect(error.path).toEqual([]);
  });

  it('behavior: paths read like accessors', () => {
    const error = new CodecError('invalid hex string').atField('address').atIndex(1).atField('accessList');
    expect(error.message).toBe('accessList[1].address: invalid hex string');
    expect(new CodecError('x').atIndex(0).message).toBe('[0]: x');
  });

  it('behavior: inField and inEntry label only codec errors', () => {
    expect(() =>
      inField('gas', () => {
        throw new CodecError('bad');
      }),
    ).toThrow('gas: bad');
    expect(() =>
      inEntry(2, () => {
        throw new TypeError('bug');
      }),
    ).toThrow(TypeError);
    expect(inField('x', () => 1)).toBe(1);
  });

  it('behavior: Go words for JSON kinds', () => {
    expect(CodecError.wrongKind(true, 'string').message).toBe(
      'json: cannot unmarshal bool into Go value of type string',
    );
    expect(CodecError.nonString('common.Hash').message).toBe(
      'json: cannot unmarshal non-string into Go value of type common.Hash',
    );
    expect([1, 'a', null, [], {}, undefined].map(jsonKind)).toEqual([
      'number',
      'string',
      'null',
      'array',
      'object',
      'non-JSON undefined',
    ]);
  });
});

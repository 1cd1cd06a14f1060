import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeBool, decodeString, decodeUint64Number } from './json-scalars';

describe(decodeBool.name, () => {
  it('default', () => {
    expect(decodeBool(true)).toBe(true);
    expect(decodeBool(false)).toBe(false);
  });

  it('error: not a boolean', () => {
    expect(() => decodeBool('true')).toThrow('json: cannot unmarshal string into Go value of type bool');
  });
});

describe(decodeString.name, () => {
  it('default', () => {
    expect(decodeString('')).toBe('');
  });

  it('error: not a string', () => {
    expect(() => decodeString(5)).toThrow('json: cannot unmarshal number into Go value of type string');
  });
});

describe(decodeUint64Number.name, () => {
  it('default', () => {
    expect(decodeUint64Number(300)).toBe(300n);
    expect(decodeUint64Number(0)).toBe(0n);
  });

  it.each([
    [-1, 'json: cannot unmarshal number -1 into Go value of type uint64'],
    [1.5, 'json: cannot unmarshal number 1.5 into Go value of type uint64'],
    [2 ** 64, 'json: cannot unmarshal number 18446744073709552000 into Go value of type uint64'],
    ['0x12c', 'json: cannot unmarshal string into Go value of type uint64'],
  ])('error: %p', (input, message) => {
    expect(() => decodeUint64Number(input)).toThrow(new CodecError(message));
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.anything(), (input) =>
        [decodeBool, decodeString, decodeUint64Number].every((decode) =>
          decodesOrThrowsCodecError(() => decode(input)),
        ),
      ),
    );
  });
});

function decodesOrThrowsCodecError(decode: () => unknown): boolean {
  try {
    decode();
    return true;
  } catch (error) {
    return error instanceof CodecError;
  }
}

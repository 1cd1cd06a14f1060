import fc from 'fast-check';
import { decodeByte } from './byte';
import { CodecError } from './codec-error';

describe(decodeByte.name, () => {
  it('default', () => {
    expect(decodeByte('0x2')).toBe(2);
    expect(decodeByte('0x02')).toBe(2);
    expect(decodeByte('0xff')).toBe(255);
  });

  it.each([
    ['0x', 'hex string "0x"'],
    ['0x100', 'hex number > 8 bits'],
    ['2', 'hex string without 0x prefix'],
    ['0xg', 'invalid hex string'],
    [2, 'json: cannot unmarshal non-string into Go value of type hexutil.Uint64'],
  ])('error: %p', (input, message) => {
    expect(() => decodeByte(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), (value) => {
        expect(decodeByte(`0x${value.toString(16)}`)).toBe(value);
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeByte(input))));
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

import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeHexOrDecimal64 } from './hex-or-decimal';

describe(decodeHexOrDecimal64.name, () => {
  it('default', () => {
    expect(decodeHexOrDecimal64(4)).toBe(4n);
    expect(decodeHexOrDecimal64('4')).toBe(4n);
    expect(decodeHexOrDecimal64('0x4')).toBe(4n);
    expect(decodeHexOrDecimal64('0x04')).toBe(4n);
    expect(decodeHexOrDecimal64('18446744073709551615')).toBe(2n ** 64n - 1n);
  });

  it.each([
    ['', 'invalid hex or decimal integer ""'],
    ['0x', 'invalid hex or decimal integer "0x"'],
    ['-1', 'invalid hex or decimal integer "-1"'],
    ['18446744073709551616', 'invalid hex or decimal integer "18446744073709551616"'],
    [1.5, 'invalid hex or decimal integer "1.5"'],
    [true, 'json: cannot unmarshal bool into Go value of type math.HexOrDecimal64'],
  ])('error: %p', (input, message) => {
    expect(() => decodeHexOrDecimal64(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip through both spellings', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (value) => {
        expect(decodeHexOrDecimal64(value.toString())).toBe(value);
        expect(decodeHexOrDecimal64(`0x${value.toString(16)}`)).toBe(value);
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeHexOrDecimal64(input))),
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

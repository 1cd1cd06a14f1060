import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeHash32, encodeHash32 } from './hash';

const HASH = `0x${'ab'.repeat(32)}`;

describe(decodeHash32.name, () => {
  it('default', () => {
    expect(decodeHash32(HASH)).toBe(HASH);
    expect(decodeHash32(HASH.toUpperCase().replace('0X', '0x'))).toBe(HASH);
  });

  it.each([
    ['0xab', 'hex string has length 2, want 64 for common.Hash'],
    [`0x${'g'.repeat(64)}`, 'invalid hex string'],
    [{}, 'json: cannot unmarshal non-string into Go value of type common.Hash'],
  ])('error: %p', (input, message) => {
    expect(() => decodeHash32(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(decodeHash32(encodeHash32(bytes))).toBe(encodeHash32(bytes));
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeHash32(input))));
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

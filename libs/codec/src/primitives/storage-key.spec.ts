import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeStorageKey } from './storage-key';

const ZERO = `0x${'0'.repeat(64)}`;

describe(decodeStorageKey.name, () => {
  it('default', () => {
    expect(decodeStorageKey('0x0')).toBe(ZERO);
    expect(decodeStorageKey('0x')).toBe(ZERO);
    expect(decodeStorageKey('0xAbc')).toBe(`0x${'abc'.padStart(64, '0')}`);
    expect(decodeStorageKey(`0x${'f'.repeat(64)}`)).toBe(`0x${'f'.repeat(64)}`);
  });

  it.each([
    [`0x${'1'.repeat(65)}`, 'hex string too long, want at most 32 bytes'],
    ['0xzz', 'hex string invalid'],
    ['12', 'hex string without 0x prefix'],
    [1, 'json: cannot unmarshal number into Go value of type string'],
  ])('error: %p', (input, message) => {
    expect(() => decodeStorageKey(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip of any 32-byte key', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (slot) => {
        expect(BigInt(decodeStorageKey(`0x${slot.toString(16)}`))).toBe(slot);
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeStorageKey(input))),
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

import { getAddress } from 'ethers';
import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeAddress, encodeAddress } from './address';

const LOWER = '0x52908400098527886e0f7030069857d2e4169ee7';

describe(decodeAddress.name, () => {
  it('default', () => {
    expect(decodeAddress(LOWER)).toBe(LOWER);
  });

  it('behavior: any case, checksum not enforced', () => {
    expect(decodeAddress(getAddress(LOWER))).toBe(LOWER);
    expect(decodeAddress(LOWER.toUpperCase().replace('0X', '0x'))).toBe(LOWER);
    // A mixed-case spelling with a wrong checksum is still accepted, as in geth.
    expect(decodeAddress('0x52908400098527886E0F7030069857D2E4169Ee7')).toBe(LOWER);
  });

  it.each([
    ['0x1234', 'hex string has length 4, want 40 for common.Address'],
    ['52908400098527886e0f7030069857d2e4169ee7', 'hex string without 0x prefix'],
    [`0x${'z'.repeat(40)}`, 'invalid hex string'],
    [`0x${'a'.repeat(39)}`, 'hex string of odd length'],
    [42, 'json: cannot unmarshal non-string into Go value of type common.Address'],
  ])('error: %p', (input, message) => {
    expect(() => decodeAddress(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const address = encodeAddress(bytes);
        expect(decodeAddress(address)).toBe(address);
        expect(decodeAddress(getAddress(address))).toBe(address);
        expect(encodeAddress(getAddress(address))).toBe(address);
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeAddress(input))));
    fc.assert(
      fc.property(fc.string({ minLength: 40, maxLength: 40 }), (digits) =>
        decodesOrThrowsCodecError(() => decodeAddress(`0x${digits}`)),
      ),
    );
  });
});

describe(encodeAddress.name, () => {
  it('error: not 20 bytes', () => {
    expect(() => encodeAddress(new Uint8Array(19))).toThrow(CodecError);
    expect(() => encodeAddress('0x1234')).toThrow(CodecError);
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

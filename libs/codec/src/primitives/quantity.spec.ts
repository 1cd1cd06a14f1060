import { toQuantity } from 'ethers';
import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeQuantity, encodeQuantity } from './quantity';

describe(encodeQuantity.name, () => {
  it('default', () => {
    expect(encodeQuantity(0n)).toBe('0x0');
    expect(encodeQuantity(0)).toBe('0x0');
    expect(encodeQuantity(255)).toBe('0xff');
    expect(encodeQuantity(2n ** 256n - 1n)).toBe(`0x${'f'.repeat(64)}`);
  });

  it('property: the same text as ethers toQuantity for any non-negative integer', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 300n }), (value) => {
        expect(encodeQuantity(value)).toBe(toQuantity(value));
      }),
    );
    fc.assert(
      fc.property(fc.maxSafeNat(), (value) => {
        expect(encodeQuantity(value)).toBe(toQuantity(value));
      }),
    );
  });

  it('error: negative, fractional or unsafe numbers', () => {
    expect(() => encodeQuantity(-1)).toThrow(CodecError);
    expect(() => encodeQuantity(-1n)).toThrow(CodecError);
    expect(() => encodeQuantity(1.5)).toThrow(CodecError);
    expect(() => encodeQuantity(Number.NaN)).toThrow(CodecError);
    expect(() => encodeQuantity(2 ** 53)).toThrow(CodecError);
  });
});

describe(decodeQuantity.name, () => {
  it('default', () => {
    expect(decodeQuantity('0x0')).toBe(0n);
    expect(decodeQuantity('0x1')).toBe(1n);
    expect(decodeQuantity('0xff')).toBe(255n);
  });

  it('args: bits', () => {
    expect(decodeQuantity(`0x${'f'.repeat(16)}`)).toBe(2n ** 64n - 1n);
    expect(() => decodeQuantity(`0x1${'0'.repeat(16)}`)).toThrow('hex number > 64 bits');
    expect(decodeQuantity(`0x${'f'.repeat(64)}`, { bits: 256 })).toBe(2n ** 256n - 1n);
    expect(() => decodeQuantity(`0x1${'0'.repeat(64)}`, { bits: 256 })).toThrow('hex number > 256 bits');
    expect(decodeQuantity('0xff', { bits: 8 })).toBe(255n);
    expect(() => decodeQuantity('0x100', { bits: 8 })).toThrow('hex number > 8 bits');
    expect(() => decodeQuantity('0x7', { bits: 2 })).toThrow('hex number > 2 bits');
  });

  it('behavior: upper-case digits are accepted, as in geth', () => {
    expect(decodeQuantity('0xAbC')).toBe(0xabcn);
  });

  it.each([
    ['0x', 'hex string "0x"'],
    ['0x00', 'hex number with leading zero digits'],
    ['0x01', 'hex number with leading zero digits'],
    ['1', 'hex string without 0x prefix'],
    ['0X1', 'hex string without 0x prefix'],
    ['', 'empty hex string'],
    ['0xg', 'invalid hex string'],
    ['0x 1', 'invalid hex string'],
    [1, 'json: cannot unmarshal non-string into Go value of type hexutil.Uint64'],
    [null, 'json: cannot unmarshal non-string into Go value of type hexutil.Uint64'],
  ])('error: %p', (input, message) => {
    expect(() => decodeQuantity(input)).toThrow(new CodecError(message));
  });

  it('error: non-string with 256 bits names hexutil.Big', () => {
    expect(() => decodeQuantity(1, { bits: 256 })).toThrow(
      'json: cannot unmarshal non-string into Go value of type *hexutil.Big',
    );
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), (value) => {
        expect(decodeQuantity(encodeQuantity(value), { bits: 256 })).toBe(value);
      }),
    );
    fc.assert(
      fc.property(fc.nat(), (value) => {
        expect(decodeQuantity(encodeQuantity(value))).toBe(BigInt(value));
      }),
    );
  });

  it('behavior: whatever decodes re-encodes to the same text, lowercased', () => {
    const hexish = fc.stringMatching(/^0x[0-9a-fA-F]{0,20}$/);
    fc.assert(
      fc.property(fc.oneof(hexish, fc.string()), (text) => {
        let value: bigint;
        try {
          value = decodeQuantity(text);
        } catch (error) {
          expect(error).toBeInstanceOf(CodecError);
          return;
        }
        expect(encodeQuantity(value)).toBe(text.toLowerCase());
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: 1, max: 300 }), (input, bits) =>
        decodesOrThrowsCodecError(() => decodeQuantity(input, { bits })),
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

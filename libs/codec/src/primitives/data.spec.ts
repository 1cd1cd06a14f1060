import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeData, decodeFixedHex, encodeData } from './data';

describe(decodeData.name, () => {
  it('default', () => {
    expect(decodeData('0x')).toEqual(new Uint8Array());
    expect(decodeData('0x00ff')).toEqual(Uint8Array.from([0, 255]));
    expect(decodeData('0xABcd')).toEqual(Uint8Array.from([0xab, 0xcd]));
  });

  it('args: length', () => {
    expect(decodeData('0x0102', { length: 2 })).toEqual(Uint8Array.from([1, 2]));
    expect(() => decodeData('0x01', { length: 2 })).toThrow('hex string has length 2, want 4 for [2]byte');
  });

  it.each([
    ['', 'empty hex string'],
    ['00', 'hex string without 0x prefix'],
    ['0X00', 'hex string without 0x prefix'],
    ['0x0', 'hex string of odd length'],
    ['0xzz', 'invalid hex string'],
    [[1], 'json: cannot unmarshal non-string into Go value of type hexutil.Bytes'],
  ])('error: %p', (input, message) => {
    expect(() => decodeData(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        const text = encodeData(bytes);
        expect(text).toMatch(/^0x[0-9a-f]*$/);
        expect(decodeData(text)).toEqual(bytes);
      }),
    );
  });

  it("behavior: decoded bytes are an array of their own, not a view into node's shared buffer pool", () => {
    for (const bytes of [decodeData('0x00ff'), decodeData('0x' + 'ab'.repeat(20), { length: 20 })]) {
      expect([Buffer.isBuffer(bytes), bytes.byteOffset, bytes.buffer.byteLength]).toEqual([
        false,
        0,
        bytes.length,
      ]);
    }
  });

  it('behavior: encodes a view into a larger buffer by its own bytes only', () => {
    const whole = Uint8Array.from([1, 2, 0xab, 0xcd, 5]);
    expect(encodeData(whole.subarray(2, 4))).toBe('0xabcd');
    expect(encodeData(new Uint8Array())).toBe('0x');
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeData(input))));
    fc.assert(
      fc.property(fc.string(), fc.nat(40), (input, length) =>
        decodesOrThrowsCodecError(() => decodeData(`0x${input}`, { length })),
      ),
    );
  });
});

describe(decodeFixedHex.name, () => {
  it('error: geth checks odd length before length before digits', () => {
    expect(() => decodeFixedHex('0x123', 2, 'T')).toThrow('hex string of odd length');
    expect(() => decodeFixedHex('0xzz', 2, 'T')).toThrow('hex string has length 2, want 4 for T');
    expect(() => decodeFixedHex('0xzzzz', 2, 'T')).toThrow('invalid hex string');
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

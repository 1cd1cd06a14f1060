import { bech32DecodeAndConvert, bech32Encode } from './bech32';

const decodeError = (text: string): string => {
  try {
    bech32DecodeAndConvert(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${text} decoded`);
};

describe(bech32DecodeAndConvert.name, () => {
  it('default', () => {
    // BIP-173's valid vectors: every charset value once, and an uppercase string with empty data.
    expect(bech32DecodeAndConvert('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')).toEqual({
      hrp: 'abcdef',
      bytes: Uint8Array.from(Buffer.from('00443214c74254b635cf84653a56d7c675be77df', 'hex')),
    });
    expect(bech32DecodeAndConvert('A12UEL5L')).toEqual({ hrp: 'a', bytes: new Uint8Array() });
  });

  it('behavior: encoding round-trips and is lowercase', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    const text = bech32Encode('ETHM', bytes);
    expect(text).toMatch(/^ethm1[02-9ac-hj-np-z]{38}$/);
    expect(bech32DecodeAndConvert(text)).toEqual({ hrp: 'ethm', bytes });
    expect(bech32DecodeAndConvert(text.toUpperCase())).toEqual({ hrp: 'ethm', bytes });
  });

  it.each([
    ['pzry9x0s0muk', 'invalid separator index -1'],
    ['1pzry9x0s0muk', 'invalid separator index 0'],
    ['li1dgmt3', 'invalid separator index 2'],
    ['x1b4n0q5v', 'invalid character not part of charset: 98'],
    ['A1G7SGD8', 'invalid checksum (expected 2uel5l got g7sgd8)'],
    ['A12uEL5L', 'string not all lowercase or all uppercase'],
    [' 1nwldj5', "invalid character in string: ' '"],
    ['a1qqqqq', 'invalid bech32 string length 7'],
    [`a1${'q'.repeat(1022)}`, 'invalid bech32 string length 1024'],
  ])('error: %s', (text, reason) => {
    expect(decodeError(text)).toBe(`decoding bech32 failed: ${reason}`);
  });
});

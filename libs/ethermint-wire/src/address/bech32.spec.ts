import { EthermintWireError } from '../errors';
import { bech32Decode, bech32Encode } from './bech32';

const decodeError = (text: string): EthermintWireError => {
  try {
    bech32Decode(text);
  } catch (error) {
    if (error instanceof EthermintWireError) return error;
    throw error;
  }
  throw new Error(`${text} decoded`);
};

describe(bech32Encode.name, () => {
  it('default: an Ethermint account address (dev account 0)', () => {
    const bytes = Uint8Array.from(Buffer.from('f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'hex'));
    const address = bech32Encode('ethm', bytes);
    expect(address).toMatch(/^ethm1[02-9ac-hj-np-z]{38}$/);
    expect(bech32Decode(address)).toEqual({ hrp: 'ethm', bytes });
  });

  it('behavior: encoding round-trips and is lowercase', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => i * 13);
    const text = bech32Encode('ETHM', bytes);
    expect(text).toMatch(/^ethm1[02-9ac-hj-np-z]{38}$/);
    expect(bech32Decode(text)).toEqual({ hrp: 'ethm', bytes });
    expect(bech32Decode(text.toUpperCase())).toEqual({ hrp: 'ethm', bytes });
  });

  it('behavior: BIP-173 test vector with an empty payload', () => {
    expect(bech32Encode('a', new Uint8Array())).toBe('a12uel5l');
  });
});

describe(bech32Decode.name, () => {
  it('default', () => {
    // BIP-173's valid vectors: every charset value once, and an empty payload in either case.
    expect(bech32Decode('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')).toEqual({
      hrp: 'abcdef',
      bytes: Uint8Array.from(Buffer.from('00443214c74254b635cf84653a56d7c675be77df', 'hex')),
    });
    expect(bech32Decode('a12uel5l')).toEqual({ hrp: 'a', bytes: new Uint8Array() });
    expect(bech32Decode('A12UEL5L')).toEqual({ hrp: 'a', bytes: new Uint8Array() });
  });

  it.each([
    ['pzry9x0s0muk', 'invalid separator index -1'],
    ['abcdef', 'invalid bech32 string length 6'],
    ['1pzry9x0s0muk', 'invalid separator index 0'],
    ['li1dgmt3', 'invalid separator index 2'],
    ['x1b4n0q5v', 'invalid character not part of charset: 98'],
    ['a1bbbbbbb', 'invalid character not part of charset: 98'],
    ['A1G7SGD8', 'invalid checksum (expected 2uel5l got g7sgd8)'],
    ['a12uel5m', 'invalid checksum (expected 2uel5l got 2uel5m)'],
    ['A12uEL5L', 'string not all lowercase or all uppercase'],
    ['A12uel5l', 'string not all lowercase or all uppercase'],
    [' 1nwldj5', "invalid character in string: ' '"],
    ['a1qqqqq', 'invalid bech32 string length 7'],
    [`a1${'q'.repeat(1022)}`, 'invalid bech32 string length 1024'],
  ])('error: %s', (text, reason) => {
    const error = decodeError(text);
    expect(error.reason).toBe('invalid-bech32');
    expect(error.detail).toBe(reason);
  });
});

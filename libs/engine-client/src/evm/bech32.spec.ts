import { bech32Decode, bech32Encode } from './bech32';

describe(bech32Encode.name, () => {
  it('default: an Ethermint account address (dev account 0)', () => {
    const bytes = Uint8Array.from(Buffer.from('f39fd6e51aad88f6f4ce6ab8827279cfffb92266', 'hex'));
    const address = bech32Encode('ethm', bytes);
    expect(address).toMatch(/^ethm1[02-9ac-hj-np-z]{38}$/);
    expect(bech32Decode(address)).toEqual({ prefix: 'ethm', bytes });
  });

  it('behavior: BIP-173 test vectors (empty payload, upper case)', () => {
    expect(bech32Decode('a12uel5l')).toEqual({ prefix: 'a', bytes: new Uint8Array() });
    expect(bech32Decode('A12UEL5L')).toEqual({ prefix: 'a', bytes: new Uint8Array() });
    expect(bech32Encode('a', new Uint8Array())).toBe('a12uel5l');
  });
});

describe(bech32Decode.name, () => {
  it.each([
    ['a bad checksum', 'a12uel5m'],
    ['mixed case', 'A12uel5l'],
    ['no separator', 'abcdef'],
    ['a character outside the charset', 'a1bbbbbbb'],
  ])('error: %s', (_name, text) => {
    expect(bech32Decode(text)).toBeUndefined();
  });
});

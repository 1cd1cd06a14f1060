// js-sha3's Keccak-256 against noble's (ethers' own, still reachable as keccak256._): equal on known vectors
// and on any bytes, across the 136-byte block boundary; and ethers, once it is installed, hashes with it.
import { getAddress, keccak256 } from 'ethers';
import fc from 'fast-check';
import { keccak256 as sha3Keccak256 } from 'js-sha3';
import { installFastKeccak, keccak256Bytes } from './keccak';

const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
/** ethers' built-in Keccak-256 (noble's), whatever is registered. */
const noble = (data: Uint8Array): Uint8Array =>
  (keccak256 as unknown as { _(d: Uint8Array): Uint8Array })._(data);

describe(keccak256Bytes.name, () => {
  it('default: the known vectors (no bytes, "abc")', () => {
    expect(hex(keccak256Bytes(new Uint8Array()))).toBe(
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
    expect(hex(keccak256Bytes(Buffer.from('abc')))).toBe(
      '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
    );
  });

  it("behavior: equals noble's on any bytes, on both sides of the 136-byte block", () => {
    for (const length of [0, 1, 31, 32, 33, 135, 136, 137, 271, 272, 273, 1000]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7 + length) & 0xff);
      expect(hex(keccak256Bytes(data))).toBe(hex(noble(data)));
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        expect(hex(keccak256Bytes(data))).toBe(hex(noble(data)));
      }),
    );
  });

  it('behavior: a view into a larger buffer is hashed by its own bytes only', () => {
    const whole = Uint8Array.from([9, 1, 2, 3, 9]);
    expect(hex(keccak256Bytes(whole.subarray(1, 4)))).toBe(hex(noble(Uint8Array.from([1, 2, 3]))));
  });

  it("behavior: installed, ethers' keccak256 and its checksummed addresses use it and answer as before", () => {
    installFastKeccak();
    installFastKeccak();
    const data = Uint8Array.from([0x13, 0x37]);
    const hashed = jest.spyOn(sha3Keccak256, 'arrayBuffer');
    try {
      expect(keccak256(data)).toBe(hex(noble(data)));
      expect(hashed).toHaveBeenCalledTimes(1);
    } finally {
      hashed.mockRestore();
    }
    // EIP-55's own examples.
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(getAddress(address.toLowerCase())).toBe(address);
    }
  });
});

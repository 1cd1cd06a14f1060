import { hexlify, toUtf8Bytes } from 'ethers';
import { addToBloom, BLOOM_BYTES, bloomBits, bloomHas, logsBloom, orBlooms } from './logs-bloom';

const A = '0x00000000000000000000000000000000000000aa';
const T1 = `0x${'11'.repeat(32)}`;
const T2 = `0x${'22'.repeat(32)}`;
const utf8 = (text: string): string => hexlify(toUtf8Bytes(text));
const setBits = (bloom: Uint8Array): number =>
  [...bloom].reduce((sum, byte) => sum + byte.toString(2).replaceAll('0', '').length, 0);

describe(logsBloom.name, () => {
  it('default: every log address and topic may be in it', () => {
    const bloom = logsBloom([{ address: A, topics: [T1, T2] }]);
    expect(bloom).toHaveLength(BLOOM_BYTES);
    for (const value of [A, T1, T2]) expect(bloomHas(bloom, bloomBits(value))).toBe(true);
    expect(setBits(bloom)).toBeGreaterThan(0);
    expect(setBits(bloom)).toBeLessThanOrEqual(9);
  });

  it('behavior: no logs give the zero bloom', () => {
    expect(logsBloom([])).toEqual(new Uint8Array(BLOOM_BYTES));
  });

  it("behavior: geth's bloom test (core/types/bloom9_test.go TestBloom)", () => {
    const bloom = new Uint8Array(BLOOM_BYTES);
    for (const word of ['testtest', 'test', 'hallo', 'other']) addToBloom(bloom, utf8(word));
    for (const word of ['testtest', 'test', 'hallo', 'other'])
      expect(bloomHas(bloom, bloomBits(utf8(word)))).toBe(true);
    for (const word of ['tes', 'lo']) expect(bloomHas(bloom, bloomBits(utf8(word)))).toBe(false);
  });
});

describe(bloomBits.name, () => {
  it('default: three bits from the first three byte pairs of the keccak, counted from the last byte', () => {
    // keccak256(0x) = c5d2 4601 86f7 …: bits 0x5d2 (1490), 0x601 (1537), 0x6f7 (1783) of 2048.
    expect(bloomBits('0x')).toEqual([
      [BLOOM_BYTES - 1 - (1490 >> 3), 1 << (1490 & 7)],
      [BLOOM_BYTES - 1 - (1537 >> 3), 1 << (1537 & 7)],
      [BLOOM_BYTES - 1 - (1783 >> 3), 1 << (1783 & 7)],
    ]);
  });

  it('behavior: the same value gives the same bits (kept), in either hex case', () => {
    expect(bloomBits(T1)).toBe(bloomBits(T1));
    expect(bloomBits(A.toUpperCase().replace('0X', '0x'))).toEqual(bloomBits(A));
  });
});

describe(orBlooms.name, () => {
  it('default: the OR of the receipts blooms', () => {
    const a = logsBloom([{ address: A, topics: [] }]);
    const b = logsBloom([{ address: T1, topics: [T2] }]);
    expect(orBlooms([a, b])).toEqual(logsBloom([{ address: A, topics: [T1, T2] }]));
    expect(orBlooms([])).toEqual(new Uint8Array(BLOOM_BYTES));
  });
});

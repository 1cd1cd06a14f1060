import { hexToAddress, hexToHash, isHexAddress } from './geth-hex';

describe(hexToHash.name, () => {
  it('default', () => {
    expect(hexToHash('0x01')).toBe(`0x${'00'.repeat(31)}01`);
  });

  it('behavior: odd lengths, no prefix, too many bytes and bad digits read as go-ethereum reads them', () => {
    expect(hexToHash('0X1')).toBe(`0x${'00'.repeat(31)}01`);
    expect(hexToHash('ff')).toBe(`0x${'00'.repeat(31)}ff`);
    expect(hexToHash(`0x02${'ab'.repeat(32)}`)).toBe(`0x${'ab'.repeat(32)}`);
    // hex.DecodeString stops at the first bad pair and keeps what came before.
    expect(hexToHash('0x12zz34')).toBe(`0x${'00'.repeat(31)}12`);
    expect(hexToHash('')).toBe(`0x${'00'.repeat(32)}`);
  });
});

describe(isHexAddress.name, () => {
  it('default', () => {
    expect(isHexAddress(`0x${'Ab'.repeat(20)}`)).toBe(true);
    expect(hexToAddress(`0X${'Ab'.repeat(20)}`)).toBe(`0x${'ab'.repeat(20)}`);
  });

  it('behavior: the prefix is optional, the length is not', () => {
    expect(isHexAddress('ab'.repeat(20))).toBe(true);
    expect(isHexAddress(`0x${'ab'.repeat(19)}`)).toBe(false);
    expect(isHexAddress(`0x${'ag'.repeat(20)}`)).toBe(false);
  });
});

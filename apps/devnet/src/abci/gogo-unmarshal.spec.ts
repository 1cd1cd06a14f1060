import { QueryBalanceRequest } from '@photon/ethermint-wire';
import { checkGogoUnmarshal, type GogoMessage } from './gogo-unmarshal';

const BALANCE: GogoMessage = {
  name: 'QueryBalanceRequest',
  fields: { 1: { goName: 'Address', wireType: 2 } },
};
const CALL: GogoMessage = {
  name: 'EthCallRequest',
  fields: { 1: { goName: 'Args', wireType: 2 }, 2: { goName: 'GasCap', wireType: 0 } },
};

const varint = (value: bigint): number[] => {
  const out: number[] = [];
  while (value >= 0x80n) {
    out.push(Number(value & 0x7fn) | 0x80);
    value >>= 7n;
  }
  return [...out, Number(value)];
};

const errorOf = (bytes: number[], message = BALANCE): string | undefined => {
  try {
    checkGogoUnmarshal(Uint8Array.from(bytes), message);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe(checkGogoUnmarshal.name, () => {
  it('default', () => {
    expect(errorOf([...QueryBalanceRequest.encode({ address: '0xabc' })])).toBeUndefined();
    expect(errorOf([])).toBeUndefined();
  });

  it('behavior: unknown fields of every wire type are skipped, groups included', () => {
    const unknown = [
      ...[0x10, 0xac, 0x02], // 2: varint
      ...[0x19, 1, 2, 3, 4, 5, 6, 7, 8], // 3: fixed64
      ...[0x22, 0x02, 0xff, 0xff], // 4: bytes
      ...[0x2b, 0x08, 0x01, 0x2c], // 5: a group holding a varint
      ...[0x35, 1, 2, 3, 4], // 6: fixed32
    ];
    expect(errorOf(unknown)).toBeUndefined();
    expect(errorOf([0x10, 0x01, 0x0a, 0x00], CALL)).toBeUndefined();
  });

  it.each([
    ['a truncated string', [0x0a, 0x05, 0x30], 'unexpected EOF'],
    ['a truncated tag', [0x80], 'unexpected EOF'],
    ['a truncated unknown fixed64', [0x19, 1, 2, 3], 'unexpected EOF'],
    ['an unclosed group', [0x13, 0x08, 0x01], 'unexpected EOF'],
    ['an end group', [0x0c], 'proto: QueryBalanceRequest: wiretype end group for non-group'],
    ['field 0', [0x00], 'proto: QueryBalanceRequest: illegal tag 0 (wire type 0)'],
    ['field 0, wire type 7', [0x07], 'proto: QueryBalanceRequest: illegal tag 0 (wire type 7)'],
    [
      'a field number past int32',
      varint((1n << 34n) | 2n),
      'proto: QueryBalanceRequest: illegal tag -2147483648 (wire type 17179869186)',
    ],
    ['a wrong wire type', [0x08, 0x01], 'proto: wrong wireType = 0 for field Address'],
    ['wire type 7 of an unknown field', [0x17], 'proto: illegal wireType 7'],
    ['an 11-byte varint', [0x10, ...Array<number>(10).fill(0xff), 0x01], 'proto: integer overflow'],
    ['a negative length', [0x0a, ...varint(1n << 63n)], 'proto: negative length found during unmarshaling'],
  ])('error: %s', (_case, bytes, message) => {
    expect(errorOf(bytes)).toBe(message);
  });
});

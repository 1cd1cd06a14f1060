import { decodeParams } from '../decode-params';
import {
  EthGetBalanceParams,
  EthGetProofParams,
  EthGetStorageAtParams,
  EthGetStorageValuesParams,
} from './state.params';
import { messageOf } from '../../testing/thrown-message';

const A = '0x52908400098527886e0f7030069857d2e4169ee7';
const SLOT_1 = `0x${'1'.padStart(64, '0')}`;

describe(EthGetBalanceParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetBalanceParams, [A, '0x1'])).toEqual({
      address: A,
      block: { kind: 'number', number: 1n },
    });
  });

  it('args: block may be left out', () => {
    expect(decodeParams(EthGetBalanceParams, [A]).block).toBeUndefined();
  });

  it.each([
    [[A, 'earliest', 1], 'too many arguments, want at most 2'],
    [['0xabc', 'latest'], 'invalid argument 0: hex string of odd length'],
    [
      [A, { blockHash: '0x1', blockNumber: '0x1' }],
      'invalid argument 1: cannot specify both BlockHash and BlockNumber, choose one or the other',
    ],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthGetBalanceParams, params))).toBe(message);
  });
});

describe(EthGetStorageAtParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetStorageAtParams, [A, '0x1', 'latest']).slot).toBe(SLOT_1);
  });

  it('error: slot longer than 32 bytes', () => {
    expect(messageOf(() => decodeParams(EthGetStorageAtParams, [A, `0x${'1'.repeat(66)}`]))).toBe(
      'invalid argument 1: hex string too long, want at most 32 bytes',
    );
  });
});

describe(EthGetProofParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetProofParams, [A, ['0x1'], 'latest']).storageKeys).toEqual([
      { slot: SLOT_1, key: '0x1' },
    ]);
  });

  it("args: the key echoed is geth's: 32 bytes as given, shorter keys as a QUANTITY", () => {
    const keys = (...given: string[]) =>
      decodeParams(EthGetProofParams, [A, given]).storageKeys.map(({ key }) => key);
    expect(keys('0x0', '0x01', '0x0A', '0x0ff')).toEqual(['0x0', '0x1', '0xa', '0xff']);
    expect(keys(SLOT_1, SLOT_1.toUpperCase().replace('0X', '0x'), `0x${'f'.repeat(63)}`)).toEqual([
      SLOT_1,
      SLOT_1,
      `0x0${'f'.repeat(63)}`,
    ]);
    expect(decodeParams(EthGetProofParams, [A, []]).storageKeys).toEqual([]);
  });

  it('error: keys must be a list', () => {
    expect(messageOf(() => decodeParams(EthGetProofParams, [A, '0x1']))).toBe(
      'invalid argument 1: json: cannot unmarshal string into Go value of type []string',
    );
    expect(messageOf(() => decodeParams(EthGetProofParams, [A, ['0x1', '0xzz']]))).toBe(
      'invalid argument 1: [1]: hex string invalid',
    );
  });
});

describe(EthGetStorageValuesParams.name, () => {
  it('default', () => {
    const params = decodeParams(EthGetStorageValuesParams, [{ [A]: ['0x1'] }]);
    expect([...params.requests]).toEqual([[A, [SLOT_1]]]);
  });

  it('error: bad address key', () => {
    expect(messageOf(() => decodeParams(EthGetStorageValuesParams, [{ '0x12': [] }]))).toBe(
      'invalid argument 0: [0x12]: hex string has length 2, want 40 for common.Address',
    );
  });
});

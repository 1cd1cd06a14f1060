import { decodeParams } from '../decode-params';
import { EthFeeHistoryParams } from './fee-history.params';
import { messageOf } from '../../testing/thrown-message';

describe(EthFeeHistoryParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthFeeHistoryParams, ['0x4', 'latest', [25, 75]])).toEqual({
      blockCount: 4n,
      newestBlock: { kind: 'tag', tag: 'latest' },
      rewardPercentiles: [25, 75],
    });
  });

  it('args: blockCount as a number or decimal string, as geth reads it', () => {
    expect(decodeParams(EthFeeHistoryParams, [4, '0x10', []]).blockCount).toBe(4n);
    expect(decodeParams(EthFeeHistoryParams, ['10', 'pending', []]).blockCount).toBe(10n);
  });

  it.each([
    [['0x4', 'latest'], 'missing value for required argument 2'],
    [['x', 'latest', []], 'invalid argument 0: invalid hex or decimal integer "x"'],
    [['0x4', 'latest', [101]], 'invalid argument 2: invalid reward percentile: 101.000000'],
    [
      ['0x4', 'latest', [50, 50]],
      'invalid argument 2: invalid reward percentile: #0:50.000000 >= #1:50.000000',
    ],
    [
      ['0x4', 'latest', ['50']],
      'invalid argument 2: [0]: json: cannot unmarshal string into Go value of type float64',
    ],
    [
      ['0x4', 'latest', 50],
      'invalid argument 2: json: cannot unmarshal number into Go value of type []float64',
    ],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthFeeHistoryParams, params))).toBe(message);
  });
});

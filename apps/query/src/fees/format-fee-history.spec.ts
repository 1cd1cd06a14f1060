import { formatFeeHistory } from './format-fee-history';

describe(formatFeeHistory.name, () => {
  it('default: quantities in hex, ratios as numbers, no reward unless computed', () => {
    expect(formatFeeHistory({ oldestBlock: 16n, baseFeePerGas: [10n, 9n], gasUsedRatio: [0.25] })).toEqual({
      oldestBlock: '0x10',
      baseFeePerGas: ['0xa', '0x9'],
      gasUsedRatio: [0.25],
    });
  });

  it('behavior: rewards per block and percentile, a negative tip shown as 0', () => {
    const history = { oldestBlock: 1n, baseFeePerGas: [1n, 1n], gasUsedRatio: [0.5], reward: [[-3n, 2n]] };
    expect(formatFeeHistory(history).reward).toEqual([['0x0', '0x2']]);
  });
});

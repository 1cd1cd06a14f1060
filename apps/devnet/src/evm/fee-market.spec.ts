import { DEC_ONE, defaultFeeMarketParams, feeMarketBlockGas, nextBaseFee } from './fee-market';

const GWEI = 10n ** 9n;
const params = defaultFeeMarketParams(GWEI, 0n);
const parent = { baseFee: GWEI, gasUsed: 0n, gasWanted: 0n, gasLimit: 30_000_000n };

describe(nextBaseFee.name, () => {
  it('default', () => {
    expect(params).toEqual({
      noBaseFee: false,
      baseFeeChangeDenominator: 8,
      elasticityMultiplier: 2,
      enableHeight: 0,
      baseFee: GWEI,
      minGasPrice: 0n,
      minGasMultiplier: DEC_ONE / 2n,
    });
    expect(nextBaseFee(params, { ...parent, gasUsed: 15_000_000n, gasWanted: 15_000_000n })).toBe(GWEI);
  });

  it('behavior: a full block raises it by 1/8, an empty one lowers it by 1/8', () => {
    expect(nextBaseFee(params, { ...parent, gasUsed: 30_000_000n, gasWanted: 30_000_000n })).toBe(
      GWEI + GWEI / 8n,
    );
    expect(nextBaseFee(params, parent)).toBe(GWEI - GWEI / 8n);
  });

  it('behavior: it rises by at least 1 wei over the target', () => {
    const tiny = { ...parent, baseFee: 1n, gasUsed: 15_000_001n, gasWanted: 15_000_001n };
    expect(nextBaseFee(params, tiny)).toBe(2n);
  });

  it('behavior: the min gas price is the floor when it falls', () => {
    const floored = defaultFeeMarketParams(GWEI, GWEI - 1n);
    expect(nextBaseFee(floored, parent)).toBe(GWEI - 1n);
  });

  it('behavior: unused gas limits count half (Ethermint min gas multiplier)', () => {
    expect(feeMarketBlockGas(params, 30_000_000n, 21_000n)).toBe(15_000_000n);
    expect(feeMarketBlockGas(params, 30_000n, 21_000n)).toBe(21_000n);
    expect(nextBaseFee(params, { ...parent, gasUsed: 21_000n, gasWanted: 30_000_000n })).toBe(GWEI);
  });
});

import { LEGACY_DEC_ONE, nextBaseFee } from '@photon/ethermint-wire';
import { defaultFeeMarketParams } from './fee-market';

const GWEI = 10n ** 9n;

describe(defaultFeeMarketParams.name, () => {
  it('default: Ethermint defaults with the chain start values', () => {
    expect(defaultFeeMarketParams(GWEI, 0n)).toEqual({
      noBaseFee: false,
      baseFeeChangeDenominator: 8,
      elasticityMultiplier: 2,
      enableHeight: 0,
      baseFee: GWEI,
      minGasPrice: 0n,
      minGasMultiplier: LEGACY_DEC_ONE / 2n,
    });
  });

  it('behavior: the devnet params drive the shared base fee rule (floored at its min gas price)', () => {
    const parent = { baseFee: GWEI, gasUsed: 0n, gasWanted: 0n, gasLimit: 30_000_000n };
    expect(nextBaseFee(defaultFeeMarketParams(GWEI, 0n), parent)).toBe(GWEI - GWEI / 8n);
    expect(nextBaseFee(defaultFeeMarketParams(GWEI, GWEI - 1n), parent)).toBe(GWEI - 1n);
  });
});

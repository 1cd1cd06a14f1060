import { DEFAULT_GAS_PRICE, suggestFees, suggestedTip } from './gas-price';
import type { FeeMarketRules } from '@photon/ethermint-wire';

const ETHERMINT_DEFAULTS: FeeMarketRules = {
  noBaseFee: false,
  baseFeeChangeDenominator: 8,
  elasticityMultiplier: 2,
  minGasPrice: '0',
  minGasMultiplier: '500000000000000000',
};

describe(suggestFees.name, () => {
  it('default: tip is the largest one-block base fee rise, gas price the base fee plus it', () => {
    expect(suggestFees(1_000_000_000n, ETHERMINT_DEFAULTS)).toEqual({
      baseFee: 1_000_000_000n,
      tip: 125_000_000n,
      gasPrice: 1_125_000_000n,
    });
  });

  it('args: elasticity 4 and denominator 50 give baseFee × 3 / 50', () => {
    const rules = { ...ETHERMINT_DEFAULTS, elasticityMultiplier: 4, baseFeeChangeDenominator: 50 };
    expect(suggestedTip(1_000n, rules)).toBe(60n);
  });

  it('behavior: never below the feemarket min_gas_price (a LegacyDec, truncated)', () => {
    const rules = { ...ETHERMINT_DEFAULTS, minGasPrice: '5000000000500000000000000000' };
    expect(suggestFees(1_000n, rules).gasPrice).toBe(5_000_000_000n);
  });

  it('behavior: without a base fee the tip is 0 and the price Ethermint’s default', () => {
    expect(suggestFees(null, ETHERMINT_DEFAULTS)).toEqual({
      baseFee: null,
      tip: 0n,
      gasPrice: DEFAULT_GAS_PRICE,
    });
  });
});

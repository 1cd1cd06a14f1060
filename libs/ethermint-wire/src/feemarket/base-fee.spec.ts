import {
  baseFeeRules,
  type BaseFeeRules,
  feeMarketBlockGas,
  LEGACY_DEC_ONE,
  legacyDecUnits,
  nextBaseFee,
  truncateLegacyDec,
} from './base-fee';

const GWEI = 10n ** 9n;
/** Ethermint's default params, as the node answers them. */
const WIRE_DEFAULTS = {
  noBaseFee: false,
  baseFeeChangeDenominator: 8,
  elasticityMultiplier: 2,
  minGasPrice: '0',
  minGasMultiplier: '500000000000000000',
};
const RULES: BaseFeeRules = baseFeeRules(WIRE_DEFAULTS);
const parent = { baseFee: GWEI, gasUsed: 0n, gasWanted: 0n, gasLimit: 30_000_000n };

describe(nextBaseFee.name, () => {
  it('default: gas at the target keeps the base fee', () => {
    expect(nextBaseFee(RULES, { ...parent, gasUsed: 15_000_000n, gasWanted: 15_000_000n })).toBe(GWEI);
    expect(
      nextBaseFee(RULES, { ...parent, baseFee: 800n, gasUsed: 20_000_000n, gasLimit: 40_000_000n }),
    ).toBe(800n);
  });

  it('behavior: a full block raises it by 1/8, an empty one lowers it by 1/8', () => {
    expect(nextBaseFee(RULES, { ...parent, gasUsed: 30_000_000n, gasWanted: 30_000_000n })).toBe(
      GWEI + GWEI / 8n,
    );
    expect(nextBaseFee(RULES, parent)).toBe(GWEI - GWEI / 8n);
    const big = { ...parent, baseFee: 800_000_000n, gasLimit: 40_000_000n };
    expect(nextBaseFee(RULES, big)).toBe(700_000_000n);
    expect(nextBaseFee(RULES, { ...big, gasUsed: 40_000_000n })).toBe(900_000_000n);
  });

  it('behavior: it rises by at least 1 wei over the target', () => {
    expect(nextBaseFee(RULES, { ...parent, baseFee: 1n, gasUsed: 15_000_001n, gasWanted: 15_000_001n })).toBe(
      2n,
    );
    expect(nextBaseFee(RULES, { ...parent, baseFee: 7n, gasUsed: 20_000_001n, gasLimit: 40_000_000n })).toBe(
      8n,
    );
  });

  it('behavior: the min gas price is the floor when it falls', () => {
    expect(nextBaseFee({ ...RULES, minGasPrice: GWEI - 1n }, parent)).toBe(GWEI - 1n);
    // min_gas_price as the node answers it: a LegacyDec, 750,000,000.0 here.
    const rules = baseFeeRules({ ...WIRE_DEFAULTS, minGasPrice: '750000000000000000000000000' });
    expect(nextBaseFee(rules, { ...parent, baseFee: 800_000_000n, gasLimit: 40_000_000n })).toBe(
      750_000_000n,
    );
  });

  it('behavior: unused gas limits count half (min_gas_multiplier)', () => {
    expect(nextBaseFee(RULES, { ...parent, gasUsed: 21_000n, gasWanted: 30_000_000n })).toBe(GWEI);
    // 60M asked × 0.5 = 30M > 21,000 used: the block counts as 30M of a 20M target.
    const asked = { baseFee: 800_000_000n, gasUsed: 21_000n, gasWanted: 60_000_000n, gasLimit: 40_000_000n };
    expect(nextBaseFee(RULES, asked)).toBe(850_000_000n);
  });

  it('args: no base fee in the fee market gives 0', () => {
    expect(nextBaseFee({ ...RULES, noBaseFee: true }, parent)).toBe(0n);
  });

  it('args: a zero elasticity multiplier or change denominator keeps the base fee', () => {
    expect(nextBaseFee({ ...RULES, elasticityMultiplier: 0 }, parent)).toBe(GWEI);
    expect(nextBaseFee({ ...RULES, baseFeeChangeDenominator: 0 }, parent)).toBe(GWEI);
  });
});

describe(feeMarketBlockGas.name, () => {
  it('default: the larger of gas used and half the gas limits', () => {
    expect(feeMarketBlockGas(RULES, 30_000_000n, 21_000n)).toBe(15_000_000n);
    expect(feeMarketBlockGas(RULES, 30_000n, 21_000n)).toBe(21_000n);
    expect(feeMarketBlockGas(RULES, 60_000_000n, 21_000n)).toBe(30_000_000n);
  });
});

describe(baseFeeRules.name, () => {
  it('default: Ethermint defaults as numbers', () => {
    expect(RULES).toEqual({
      noBaseFee: false,
      baseFeeChangeDenominator: 8,
      elasticityMultiplier: 2,
      minGasPrice: 0n,
      minGasMultiplier: LEGACY_DEC_ONE / 2n,
    });
  });
});

describe(truncateLegacyDec.name, () => {
  it('default', () => {
    expect(truncateLegacyDec('1500000000000000000')).toBe(1n);
    expect(legacyDecUnits('1500000000000000000')).toBe(1_500_000_000_000_000_000n);
  });

  it('args: anything but digits reads as 0', () => {
    expect(truncateLegacyDec('')).toBe(0n);
    expect(legacyDecUnits('-1')).toBe(0n);
    expect(legacyDecUnits('1.5')).toBe(0n);
  });
});

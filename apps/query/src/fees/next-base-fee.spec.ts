import type { EthBlockRecord, EthTransactionRecord } from '@photon/types';
import type { FeeMarketRules } from './fee-market-rules';
import { feeMarketBlockGas, nextBaseFee } from './next-base-fee';

const RULES: FeeMarketRules = {
  noBaseFee: false,
  baseFeeChangeDenominator: 8,
  elasticityMultiplier: 2,
  minGasPrice: '0',
  minGasMultiplier: '500000000000000000',
};

const block = (baseFeePerGas: bigint, gasUsed: bigint, txGasLimits: bigint[] = []): EthBlockRecord => {
  const transactions = txGasLimits.map((gas) => ({ gas }) as EthTransactionRecord);
  const partial: Partial<EthBlockRecord> = { baseFeePerGas, gasUsed, gasLimit: 40_000_000n, transactions };
  return partial as EthBlockRecord;
};

describe(nextBaseFee.name, () => {
  it('default: an empty block lowers the base fee by 1/8', () => {
    expect(nextBaseFee(block(800_000_000n, 0n), RULES)).toBe(700_000_000n);
  });

  it('behavior: gas at the target keeps it; a full block raises it by 1/8', () => {
    expect(nextBaseFee(block(800n, 20_000_000n), RULES)).toBe(800n);
    expect(nextBaseFee(block(800_000_000n, 40_000_000n), RULES)).toBe(900_000_000n);
  });

  it('behavior: a rise is at least 1 wei', () => {
    expect(nextBaseFee(block(7n, 20_000_001n), RULES)).toBe(8n);
  });

  it('behavior: half of the gas limits asked counts as used (min_gas_multiplier)', () => {
    // 60M asked × 0.5 = 30M > 21,000 used: the block counts as 30M of a 20M target.
    expect(feeMarketBlockGas(block(800n, 21_000n, [60_000_000n]), RULES)).toBe(30_000_000n);
    expect(nextBaseFee(block(800_000_000n, 21_000n, [60_000_000n]), RULES)).toBe(850_000_000n);
  });

  it('behavior: a falling base fee stops at min_gas_price', () => {
    const rules = { ...RULES, minGasPrice: '750000000000000000000000000' };
    expect(nextBaseFee(block(800_000_000n, 0n), rules)).toBe(750_000_000n);
  });

  it('args: no base fee in the fee market gives 0', () => {
    expect(nextBaseFee(block(800n, 0n), { ...RULES, noBaseFee: true })).toBe(0n);
  });
});

import { baseFeeRules, type FeeMarketRules, nextBaseFee } from '@photon/ethermint-wire';
import type { EthBlockRecord, EthTransactionRecord } from '@photon/types';
import { parentBlockGas } from './parent-block-gas';

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

describe(parentBlockGas.name, () => {
  it('default: an empty block wants no gas', () => {
    expect(parentBlockGas(block(800_000_000n, 0n))).toEqual({
      baseFee: 800_000_000n,
      gasUsed: 0n,
      gasWanted: 0n,
      gasLimit: 40_000_000n,
    });
  });

  it('behavior: the gas wanted is the sum of the txs gas limits, which the rule counts half of', () => {
    const asked = block(800_000_000n, 21_000n, [40_000_000n, 20_000_000n]);
    expect(parentBlockGas(asked).gasWanted).toBe(60_000_000n);
    // 60M asked × 0.5 = 30M > 21,000 used: the block counts as 30M of a 20M target.
    expect(nextBaseFee(baseFeeRules(RULES), parentBlockGas(asked))).toBe(850_000_000n);
  });
});

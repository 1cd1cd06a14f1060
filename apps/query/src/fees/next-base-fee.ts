// The base fee of the block after a given one, as Ethermint's x/feemarket computes it (CalculateBaseFee
// over the gas EndBlock records), for eth_feeHistory's last entry when that block does not exist yet.
import type { EthBlockRecord } from '@photon/types';
import { DEC_ONE, type FeeMarketRules, legacyDecUnits, truncateLegacyDec } from './fee-market-rules';

/**
 * The gas Ethermint's EndBlock counts for a block: max(sum of gas limits × min_gas_multiplier, gas used),
 * so a tx with a huge unused gas limit cannot lower the base fee for free.
 */
export function feeMarketBlockGas(block: EthBlockRecord, rules: FeeMarketRules): bigint {
  const gasWanted = block.transactions.reduce((sum, tx) => sum + tx.gas, 0n);
  const limited = (gasWanted * legacyDecUnits(rules.minGasMultiplier)) / DEC_ONE;
  return limited > block.gasUsed ? limited : block.gasUsed;
}

/** EIP-1559 with Ethermint's parameters: at least +1 above target, floored at min_gas_price below it. */
export function nextBaseFee(block: EthBlockRecord, rules: FeeMarketRules): bigint {
  if (rules.noBaseFee) return 0n;
  const parent = block.baseFeePerGas;
  const used = feeMarketBlockGas(block, rules);
  const target = rules.elasticityMultiplier > 0 ? block.gasLimit / BigInt(rules.elasticityMultiplier) : 0n;
  const denominator = BigInt(rules.baseFeeChangeDenominator);
  if (target === 0n || denominator === 0n || used === target) return parent;
  if (used > target) {
    const delta = (parent * (used - target)) / target / denominator;
    return parent + (delta > 1n ? delta : 1n);
  }
  const lowered = parent - (parent * (target - used)) / target / denominator;
  const floor = truncateLegacyDec(rules.minGasPrice);
  return lowered > floor ? lowered : floor;
}

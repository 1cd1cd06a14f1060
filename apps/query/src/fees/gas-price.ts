// eth_gasPrice and eth_maxPriorityFeePerGas as Ethermint suggests them (SuggestGasTipCap, GasPrice): the
// tip is the largest base fee rise one full block can cause, so the tx stays includable in the next block.
import { type FeeMarketRules, truncateLegacyDec } from '@photon/ethermint-wire';

/** Ethermint's DefaultGasPrice (20 gwei), its answer when the fee market has no base fee. */
export const DEFAULT_GAS_PRICE = 20_000_000_000n;

export interface FeeSuggestion {
  /** The head block's base fee; null when the fee market is off. */
  readonly baseFee: bigint | null;
  /** eth_maxPriorityFeePerGas. */
  readonly tip: bigint;
  /** eth_gasPrice. */
  readonly gasPrice: bigint;
}

/** tip = baseFee × (elasticity − 1) / denominator (0 without a base fee). */
export function suggestedTip(baseFee: bigint | null, rules: FeeMarketRules): bigint {
  if (baseFee === null || rules.baseFeeChangeDenominator === 0) return 0n;
  const tip = (baseFee * BigInt(rules.elasticityMultiplier - 1)) / BigInt(rules.baseFeeChangeDenominator);
  return tip < 0n ? 0n : tip;
}

/** gasPrice = baseFee + tip (the default without a base fee), never below the feemarket's min_gas_price. */
export function suggestFees(baseFee: bigint | null, rules: FeeMarketRules): FeeSuggestion {
  const tip = suggestedTip(baseFee, rules);
  const price = baseFee === null ? DEFAULT_GAS_PRICE : baseFee + tip;
  const floor = truncateLegacyDec(rules.minGasPrice);
  return { baseFee, tip, gasPrice: price < floor ? floor : price };
}

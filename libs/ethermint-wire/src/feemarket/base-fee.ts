// Ethermint's x/feemarket EIP-1559 rule (keeper/eip1559.go CalculateBaseFee over the block gas keeper/abci.go
// EndBlock records): the devnet makes its blocks' base fees with it, the query service predicts the next one.
import { type FeeMarketParams } from '../messages/feemarket';
import { type LegacyDecString } from '../messages/scalars';

/** 1.0 as a cosmossdk.io/math LegacyDec (the value × 10^18). */
export const LEGACY_DEC_ONE = 10n ** 18n;

/** A LegacyDec string as the integer part of its value (LegacyDec.TruncateInt); 0 for anything else. */
export function truncateLegacyDec(text: LegacyDecString): bigint {
  return legacyDecUnits(text) / LEGACY_DEC_ONE;
}

/** A LegacyDec string as its raw fixed-point integer (value × 10^18); 0 for anything else. */
export function legacyDecUnits(text: LegacyDecString): bigint {
  return /^[0-9]+$/.test(text) ? BigInt(text) : 0n;
}

/** The feemarket params the fee answers read, as the node answers them (LegacyDec strings). */
export type FeeMarketRules = Pick<
  FeeMarketParams,
  'noBaseFee' | 'baseFeeChangeDenominator' | 'elasticityMultiplier' | 'minGasPrice' | 'minGasMultiplier'
>;

/** The feemarket params the rule reads, as numbers. */
export interface BaseFeeRules {
  readonly noBaseFee: boolean;
  readonly baseFeeChangeDenominator: number;
  readonly elasticityMultiplier: number;
  /** min_gas_price in whole units per gas: the floor of a falling base fee. */
  readonly minGasPrice: bigint;
  /** min_gas_multiplier as LegacyDec units (× 10^18): the share of a block's gas limits counted as used. */
  readonly minGasMultiplier: bigint;
}

/** The rule's numbers from the params as the node answers them (LegacyDec strings). */
export function baseFeeRules(params: FeeMarketRules): BaseFeeRules {
  return {
    noBaseFee: params.noBaseFee,
    baseFeeChangeDenominator: params.baseFeeChangeDenominator,
    elasticityMultiplier: params.elasticityMultiplier,
    minGasPrice: truncateLegacyDec(params.minGasPrice),
    minGasMultiplier: legacyDecUnits(params.minGasMultiplier),
  };
}

/** What the rule reads of the parent block. */
export interface ParentBlockGas {
  readonly baseFee: bigint;
  readonly gasUsed: bigint;
  /** The sum of the block's tx gas limits. */
  readonly gasWanted: bigint;
  readonly gasLimit: bigint;
}

/**
 * The gas EndBlock records for a block: max(gasWanted × min_gas_multiplier, gasUsed), so a tx with a huge,
 * unused gas limit cannot lower the base fee for free.
 */
export function feeMarketBlockGas(
  rules: Pick<BaseFeeRules, 'minGasMultiplier'>,
  gasWanted: bigint,
  gasUsed: bigint,
): bigint {
  const limited = (gasWanted * rules.minGasMultiplier) / LEGACY_DEC_ONE;
  return limited > gasUsed ? limited : gasUsed;
}

/**
 * The base fee of the block after `parent`: geth's EIP-1559 rule with Ethermint's parameters, a rise of at
 * least 1, and min_gas_price as the floor of a fall; 0 when the fee market has no base fee.
 */
export function nextBaseFee(rules: BaseFeeRules, parent: ParentBlockGas): bigint {
  if (rules.noBaseFee) return 0n;
  const used = feeMarketBlockGas(rules, parent.gasWanted, parent.gasUsed);
  // Ethermint's params validation refuses a zero multiplier or denominator; a node answering one gets no change.
  const target = rules.elasticityMultiplier > 0 ? parent.gasLimit / BigInt(rules.elasticityMultiplier) : 0n;
  const denominator = BigInt(rules.baseFeeChangeDenominator);
  if (target === 0n || denominator === 0n || used === target) return parent.baseFee;
  if (used > target) {
    const delta = (parent.baseFee * (used - target)) / target / denominator;
    return parent.baseFee + (delta > 1n ? delta : 1n);
  }
  const lowered = parent.baseFee - (parent.baseFee * (target - used)) / target / denominator;
  return lowered > rules.minGasPrice ? lowered : rules.minGasPrice;
}

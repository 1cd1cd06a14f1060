// The x/feemarket parameters the fee answers depend on, read as Ethermint stores them (LegacyDec
// strings are the value × 10^18), so the pure fee rules take the engine's answer as it comes.

/** The subset of Ethermint's feemarket Params the fee rules read. */
export interface FeeMarketRules {
  readonly noBaseFee: boolean;
  readonly baseFeeChangeDenominator: number;
  readonly elasticityMultiplier: number;
  /** LegacyDec: the floor of gas prices (and of a falling base fee), × 10^18. */
  readonly minGasPrice: string;
  /** LegacyDec: the share of a block's gas limits counted as used, × 10^18. */
  readonly minGasMultiplier: string;
}

/** 1.0 as a LegacyDec. */
export const DEC_ONE = 10n ** 18n;

/** A LegacyDec string (value × 10^18) as the integer part of the value (math.LegacyDec.TruncateInt). */
export function truncateLegacyDec(text: string): bigint {
  return /^[0-9]+$/.test(text) ? BigInt(text) / DEC_ONE : 0n;
}

/** A LegacyDec string as its raw fixed-point integer (value × 10^18). */
export function legacyDecUnits(text: string): bigint {
  return /^[0-9]+$/.test(text) ? BigInt(text) : 0n;
}

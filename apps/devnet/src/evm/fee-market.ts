// Ethermint's x/feemarket: default params and the EIP-1559 base fee of the next block
// (keeper/eip1559.go CalculateBaseFee and keeper/abci.go EndBlock of crypto-org-chain/ethermint).
import type { FeeMarketParams } from './types';

/** 1.0 in Cosmos `LegacyDec` fixed point (18 decimals). */
export const DEC_ONE = 10n ** 18n;

/** Ethermint's defaults, with the base fee and min gas price the chain was started with. */
export function defaultFeeMarketParams(initialBaseFee: bigint, minGasPrice: bigint): FeeMarketParams {
  return {
    noBaseFee: false,
    baseFeeChangeDenominator: 8,
    elasticityMultiplier: 2,
    enableHeight: 0,
    baseFee: initialBaseFee,
    minGasPrice,
    minGasMultiplier: DEC_ONE / 2n,
  };
}

export interface ParentBlockGas {
  baseFee: bigint;
  gasUsed: bigint;
  /** Sum of the block's tx gas limits. */
  gasWanted: bigint;
  gasLimit: bigint;
}

/**
 * Ethermint's EndBlock stores `max(gasWanted × minGasMultiplier, gasUsed)` as the block's gas, which
 * keeps a tx with a huge, unused gas limit from lowering the base fee for free.
 */
export function feeMarketBlockGas(params: FeeMarketParams, gasWanted: bigint, gasUsed: bigint): bigint {
  const limited = (gasWanted * params.minGasMultiplier) / DEC_ONE;
  return limited > gasUsed ? limited : gasUsed;
}

/**
 * The base fee of the block after `parent`: geth's EIP-1559 rule with Ethermint's parameters, and
 * the min gas price as the floor when it goes down.
 */
export function nextBaseFee(params: FeeMarketParams, parent: ParentBlockGas): bigint {
  const parentGasUsed = feeMarketBlockGas(params, parent.gasWanted, parent.gasUsed);
  const target = parent.gasLimit / BigInt(params.elasticityMultiplier);
  const denominator = BigInt(params.baseFeeChangeDenominator);
  if (target === 0n || parentGasUsed === target) return parent.baseFee;
  if (parentGasUsed > target) {
    const delta = (parent.baseFee * (parentGasUsed - target)) / target / denominator;
    return parent.baseFee + (delta > 1n ? delta : 1n);
  }
  const delta = (parent.baseFee * (target - parentGasUsed)) / target / denominator;
  const lowered = parent.baseFee - delta;
  return lowered > params.minGasPrice ? lowered : params.minGasPrice;
}

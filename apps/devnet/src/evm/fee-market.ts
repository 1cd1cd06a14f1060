// Ethermint's x/feemarket default params (the base fee rule itself is @photon/ethermint-wire's, shared with
// the query service).
import { LEGACY_DEC_ONE } from '@photon/ethermint-wire';
import type { FeeMarketParams } from './types';

/** Ethermint's defaults, with the base fee and min gas price the chain was started with. */
export function defaultFeeMarketParams(initialBaseFee: bigint, minGasPrice: bigint): FeeMarketParams {
  return {
    noBaseFee: false,
    baseFeeChangeDenominator: 8,
    elasticityMultiplier: 2,
    enableHeight: 0,
    baseFee: initialBaseFee,
    minGasPrice,
    minGasMultiplier: LEGACY_DEC_ONE / 2n,
  };
}

// The x/feemarket parameters and their query (ethermint.feemarket.v1). Prefixed `FeeMarket` because x/evm
// declares messages of the same names.
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { type DecimalString, type LegacyDecString } from './scalars';

export interface FeeMarketParams {
  noBaseFee: boolean;
  baseFeeChangeDenominator: number;
  elasticityMultiplier: number;
  enableHeight: bigint;
  baseFee: DecimalString;
  minGasPrice: LegacyDecString;
  minGasMultiplier: LegacyDecString;
}

export type FeeMarketQueryParamsRequest = Record<string, never>;
export interface FeeMarketQueryParamsResponse {
  /** Always set by Ethermint (non-nullable upstream). */
  params?: FeeMarketParams;
}

export const FeeMarketParams: ProtoCodec<FeeMarketParams> = protoCodec('ethermint.feemarket.v1.Params');
export const FeeMarketQueryParamsRequest: ProtoCodec<FeeMarketQueryParamsRequest> = protoCodec(
  'ethermint.feemarket.v1.QueryParamsRequest',
);
export const FeeMarketQueryParamsResponse: ProtoCodec<FeeMarketQueryParamsResponse> = protoCodec(
  'ethermint.feemarket.v1.QueryParamsResponse',
);

// The x/evm gRPC query requests and responses sent through abci_query (ethermint.evm.v1, query.proto).
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { type Params } from './evm-params';
import { type DecimalString } from './scalars';

export interface QueryAccountRequest {
  /** 0x hex Ethereum address. */
  address: string;
}
export interface QueryAccountResponse {
  balance: DecimalString;
  /** 0x hex. */
  codeHash: string;
  nonce: bigint;
}

export interface QueryValidatorAccountRequest {
  /** bech32 consensus address. */
  consAddress: string;
}
export interface QueryValidatorAccountResponse {
  /** bech32 account address. */
  accountAddress: string;
  sequence: bigint;
  accountNumber: bigint;
}

export interface QueryBalanceRequest {
  address: string;
}
export interface QueryBalanceResponse {
  balance: DecimalString;
}

export interface QueryStorageRequest {
  address: string;
  /** 0x hex storage slot. */
  key: string;
}
export interface QueryStorageResponse {
  /** 0x 32-byte hex. */
  value: string;
}

export interface QueryCodeRequest {
  address: string;
}
export interface QueryCodeResponse {
  code: Uint8Array;
}

export type QueryParamsRequest = Record<string, never>;
export interface QueryParamsResponse {
  /** Always set by Ethermint (non-nullable upstream). */
  params?: Params;
}

/** Request of Query/EthCall (answered by MsgEthereumTxResponse) and Query/EstimateGas. */
export interface EthCallRequest {
  /** JSON TransactionArgs, UTF-8. */
  args: Uint8Array;
  gasCap: bigint;
  /** Consensus address of the block proposer (20 bytes). */
  proposerAddress: Uint8Array;
  /** EIP-155 chain id. */
  chainId: bigint;
  /** JSON state overrides, UTF-8; maintained line only. */
  overrides: Uint8Array;
}
export interface EstimateGasResponse {
  gas: bigint;
  ret: Uint8Array;
  vmError: string;
}

export type QueryBaseFeeRequest = Record<string, never>;
export interface QueryBaseFeeResponse {
  /** "" when London is not active (Go's nil Int). */
  baseFee: DecimalString;
}

const evm = <T extends object>(name: string): ProtoCodec<T> => protoCodec<T>(`ethermint.evm.v1.${name}`);

export const QueryAccountRequest: ProtoCodec<QueryAccountRequest> = evm('QueryAccountRequest');
export const QueryAccountResponse: ProtoCodec<QueryAccountResponse> = evm('QueryAccountResponse');
export const QueryValidatorAccountRequest: ProtoCodec<QueryValidatorAccountRequest> = evm(
  'QueryValidatorAccountRequest',
);
export const QueryValidatorAccountResponse: ProtoCodec<QueryValidatorAccountResponse> = evm(
  'QueryValidatorAccountResponse',
);
export const QueryBalanceRequest: ProtoCodec<QueryBalanceRequest> = evm('QueryBalanceRequest');
export const QueryBalanceResponse: ProtoCodec<QueryBalanceResponse> = evm('QueryBalanceResponse');
export const QueryStorageRequest: ProtoCodec<QueryStorageRequest> = evm('QueryStorageRequest');
export const QueryStorageResponse: ProtoCodec<QueryStorageResponse> = evm('QueryStorageResponse');
export const QueryCodeRequest: ProtoCodec<QueryCodeRequest> = evm('QueryCodeRequest');
export const QueryCodeResponse: ProtoCodec<QueryCodeResponse> = evm('QueryCodeResponse');
export const QueryParamsRequest: ProtoCodec<QueryParamsRequest> = evm('QueryParamsRequest');
export const QueryParamsResponse: ProtoCodec<QueryParamsResponse> = evm('QueryParamsResponse');
export const EthCallRequest: ProtoCodec<EthCallRequest> = evm('EthCallRequest');
export const EstimateGasResponse: ProtoCodec<EstimateGasResponse> = evm('EstimateGasResponse');
export const QueryBaseFeeRequest: ProtoCodec<QueryBaseFeeRequest> = evm('QueryBaseFeeRequest');
export const QueryBaseFeeResponse: ProtoCodec<QueryBaseFeeResponse> = evm('QueryBaseFeeResponse');

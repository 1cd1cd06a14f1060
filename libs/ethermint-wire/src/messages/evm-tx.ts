// The x/evm transaction messages (ethermint.evm.v1, tx.proto, access_tuple.proto, log.proto) and their codecs.
import { type Any } from 'cosmjs-types/google/protobuf/any';
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { type DecimalString } from './scalars';

/**
 * One Ethereum transaction as a Cosmos message. A message uses one layout: maintained (`from`, `raw`) or
 * older (`data`, `deprecatedHash`, optionally `size`/`deprecatedFrom`); see proto/ethermint/evm/v1/tx.proto.
 */
export interface MsgEthereumTx {
  /** Older layout: Any(LegacyTx | AccessListTx | DynamicFeeTx). */
  data?: Any;
  /** Older layout, deprecated: encoded size; 0 since Ethermint v0.19. */
  size: number;
  /** Older layout `hash` (field 3): the 0x lowercase Ethereum hash. */
  deprecatedHash: string;
  /** Older layout `from` (field 4): a hex address, empty on the wire in practice. */
  deprecatedFrom: string;
  /** Maintained layout: the 20-byte sender. */
  from: Uint8Array;
  /** Maintained layout: the signed EIP-2718 transaction bytes. */
  raw: Uint8Array;
}

export interface AccessTuple {
  /** EIP-55 checksummed hex. */
  address: string;
  /** 0x lowercase 32-byte hex. */
  storageKeys: string[];
}

/** Older-layout payload of a legacy (type 0) transaction. */
export interface LegacyTx {
  nonce: bigint;
  gasPrice: DecimalString;
  gas: bigint;
  /** EIP-55 hex; empty for contract creation. */
  to: string;
  value: DecimalString;
  data: Uint8Array;
  /** Big-endian minimal: the EIP-155 v (chainId * 2 + 35 + parity) or 27/28. */
  v: Uint8Array;
  r: Uint8Array;
  s: Uint8Array;
}

/** Older-layout payload of an EIP-2930 (type 1) transaction. */
export interface AccessListTx {
  chainId: DecimalString;
  nonce: bigint;
  gasPrice: DecimalString;
  gas: bigint;
  to: string;
  value: DecimalString;
  data: Uint8Array;
  accesses: AccessTuple[];
  /** The y-parity, big-endian minimal (empty for 0). */
  v: Uint8Array;
  r: Uint8Array;
  s: Uint8Array;
}

/** Older-layout payload of an EIP-1559 (type 2) transaction. */
export interface DynamicFeeTx {
  chainId: DecimalString;
  nonce: bigint;
  /** maxPriorityFeePerGas. */
  gasTipCap: DecimalString;
  /** maxFeePerGas. */
  gasFeeCap: DecimalString;
  gas: bigint;
  to: string;
  value: DecimalString;
  data: Uint8Array;
  accesses: AccessTuple[];
  v: Uint8Array;
  r: Uint8Array;
  s: Uint8Array;
}

/** The TxBody extension option (field 1023) that routes a Cosmos tx to Ethermint's Ethereum ante handler. */
export type ExtensionOptionsEthereumTx = Record<string, never>;

export interface Log {
  /** EIP-55 hex address of the emitting contract. */
  address: string;
  /** 0x 32-byte hex. */
  topics: string[];
  data: Uint8Array;
  blockNumber: bigint;
  /** 0x Ethereum transaction hash. */
  txHash: string;
  txIndex: bigint;
  /** 0x hex. */
  blockHash: string;
  /** Index of the log in the block. */
  index: bigint;
  removed: boolean;
}

/** Result of one Ethereum transaction (TxMsgData) and of Query/EthCall. */
export interface MsgEthereumTxResponse {
  /** 0x lowercase Ethereum hash. */
  hash: string;
  logs: Log[];
  /** Return data, or revert data when `vmError` is set. */
  ret: Uint8Array;
  vmError: string;
  gasUsed: bigint;
  /** Maintained line only; empty elsewhere. */
  blockHash: Uint8Array;
}

export const MsgEthereumTx: ProtoCodec<MsgEthereumTx> = protoCodec('ethermint.evm.v1.MsgEthereumTx');
export const AccessTuple: ProtoCodec<AccessTuple> = protoCodec('ethermint.evm.v1.AccessTuple');
export const LegacyTx: ProtoCodec<LegacyTx> = protoCodec('ethermint.evm.v1.LegacyTx');
export const AccessListTx: ProtoCodec<AccessListTx> = protoCodec('ethermint.evm.v1.AccessListTx');
export const DynamicFeeTx: ProtoCodec<DynamicFeeTx> = protoCodec('ethermint.evm.v1.DynamicFeeTx');
export const ExtensionOptionsEthereumTx: ProtoCodec<ExtensionOptionsEthereumTx> = protoCodec(
  'ethermint.evm.v1.ExtensionOptionsEthereumTx',
);
export const Log: ProtoCodec<Log> = protoCodec('ethermint.evm.v1.Log');
export const MsgEthereumTxResponse: ProtoCodec<MsgEthereumTxResponse> = protoCodec(
  'ethermint.evm.v1.MsgEthereumTxResponse',
);

// Plain typed values the EVM core takes and returns; the CometBFT/protobuf wrapper converts them.
// Addresses and hashes are 0x hex (addresses lowercase), byte blobs are Uint8Array, wei/gas/nonce bigint.

/** 0x-prefixed hex string. */
export type Hex = `0x${string}`;

/** A committed height, or the latest one. Height 0 is the genesis state (InitChain). */
export type BlockTag = number | 'latest';

/** Ethereum tx types the chain accepts (Ethermint: legacy, EIP-2930, EIP-1559; no blobs, no EIP-7702). */
export type EthTxType = 0 | 1 | 2;

/** One log as emitted by a tx; `logIndex` counts across the whole block. */
export interface TxLog {
  address: Hex;
  topics: Hex[];
  data: Uint8Array;
  logIndex: number;
  txIndex: number;
  txHash: Hex;
  height: number;
}

/** The outcome of one tx included in a block (what a receipt and Ethermint's events are built from). */
export interface ExecutedTx {
  index: number;
  hash: Hex;
  /** The signed EIP-2718 bytes as received by checkTx. */
  raw: Uint8Array;
  type: EthTxType;
  sender: Hex;
  nonce: bigint;
  /** `null` for a contract creation. */
  to: Hex | null;
  /** The created contract's address (also when the creation failed, like geth and Ethermint); else `null`. */
  contractAddress: Hex | null;
  /** `to` or the created contract address: Ethermint's `ethereum_tx.recipient`. */
  recipient: Hex;
  value: bigint;
  status: 0 | 1;
  gasLimit: bigint;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logs: TxLog[];
  logsBloom: Uint8Array;
  /** Return data, or the revert data when `vmError` is 'execution reverted'. */
  ret: Uint8Array;
  /** geth's wording of the EVM error ('' when the tx succeeded). */
  vmError: string;
}

/** A mempool tx that was removed without being executed, and why. */
export interface DroppedTx {
  hash: Hex;
  sender: Hex;
  nonce: bigint;
  reason: string;
}

/** Everything the wrapper needs about a produced block. */
export interface ExecutedBlock {
  height: number;
  timestamp: number;
  proposer: Hex;
  /** The state root after the block: the app_hash CometBFT puts in the next header. */
  stateRoot: Uint8Array;
  baseFee: bigint;
  /** Base fee of the next block (Ethermint feemarket formula). */
  nextBaseFee: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  /** Sum of the included txs' gas limits (Ethermint's block gas wanted). */
  gasWanted: bigint;
  logsBloom: Uint8Array;
  txs: ExecutedTx[];
  dropped: DroppedTx[];
}

/** What the chain remembers per committed height. */
export interface BlockRecord {
  height: number;
  timestamp: number;
  proposer: Hex;
  stateRoot: Uint8Array;
  baseFee: bigint;
  gasUsed: bigint;
  gasWanted: bigint;
  /** The CometBFT block hash, when the wrapper told us (BLOCKHASH reads it). */
  hash?: Uint8Array;
}

/** Ethermint `QueryAccountResponse`. */
export interface AccountInfo {
  balance: bigint;
  nonce: bigint;
  codeHash: Hex;
}

/** geth/Ethermint TransactionArgs, decoded. */
export interface CallArgs {
  from?: Hex;
  to?: Hex;
  gas?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  value?: bigint;
  data?: Uint8Array;
  accessList?: { address: Hex; storageKeys: Hex[] }[];
}

/** One account of geth's StateOverride (rpc/types.OverrideAccount in Ethermint): the fields to replace. */
export interface AccountOverride {
  nonce?: bigint;
  code?: Uint8Array;
  balance?: bigint;
  /** Replaces the whole storage: 32-byte slot → 32-byte value. */
  state?: ReadonlyMap<Hex, Hex>;
  /** Replaces only these slots. */
  stateDiff?: ReadonlyMap<Hex, Hex>;
}

/** Lowercase address → its overrides, applied for one call only. */
export type StateOverride = ReadonlyMap<Hex, AccountOverride>;

export interface CallOptions {
  height?: BlockTag;
  /** EthCallRequest.overrides, applied before the call and reverted after it. */
  stateOverride?: StateOverride;
  /** Ethermint's `gas_cap` (0 = none); default 25,000,000. */
  gasCap?: bigint;
  /** EVM timeout; default 5000 ms like geth and Ethermint. */
  timeoutMs?: number;
}

/** Ethermint `MsgEthereumTxResponse` of an EthCall. */
export interface CallResult {
  ret: Uint8Array;
  vmError: string;
  gasUsed: bigint;
  logs: { address: Hex; topics: Hex[]; data: Uint8Array }[];
}

/** Ethermint `EstimateGasResponse`: a revert at the cap comes back as data, not as an error. */
export interface EstimateGasResult {
  gas: bigint;
  ret: Uint8Array;
  vmError: string;
}

/** Ethermint x/evm `Params` (chain config as decimal strings, like the proto). */
export interface EvmParams {
  evmDenom: string;
  enableCreate: boolean;
  enableCall: boolean;
  extraEips: number[];
  allowUnprotectedTxs: boolean;
  headerHashNum: number;
  chainConfig: Record<string, string | boolean | null>;
}

/** Ethermint x/feemarket `Params`; decimals are 18-digit fixed point like Cosmos `LegacyDec`. */
export interface FeeMarketParams {
  noBaseFee: boolean;
  baseFeeChangeDenominator: number;
  elasticityMultiplier: number;
  enableHeight: number;
  /** The base fee stored at that height (the one its block used). */
  baseFee: bigint;
  /** Lower bound of the base fee and of every tx's effective price, in aphoton per gas. */
  minGasPrice: bigint;
  /** 18-decimal fixed point: 500000000000000000n = 0.5. */
  minGasMultiplier: bigint;
}

/** Why checkTx refused a tx: lets the JSON-RPC side pick geth's wording without parsing logs. */
export type CheckTxFailureReason =
  | 'malformed'
  | 'unsupported-type'
  | 'invalid-fields'
  | 'unprotected'
  | 'wrong-chain-id'
  | 'invalid-sender'
  | 'sender-not-eoa'
  | 'insufficient-funds'
  | 'below-min-gas-price'
  | 'fee-cap-below-base-fee'
  | 'intrinsic-gas'
  | 'exceeds-block-gas-limit'
  | 'nonce-too-low'
  | 'nonce-too-high'
  | 'replacement-underpriced'
  | 'already-known'
  | 'mempool-full';

export interface CheckTxSuccess {
  ok: true;
  hash: Hex;
  sender: Hex;
  nonce: bigint;
  type: EthTxType;
  gasWanted: bigint;
  /** Hash of the pending tx this one replaced (same sender and nonce, ≥ 10 % higher fees). */
  replaced?: Hex;
}

export interface CheckTxFailure {
  ok: false;
  code: number;
  codespace: string;
  log: string;
  reason: CheckTxFailureReason;
}

export type CheckTxResult = CheckTxSuccess | CheckTxFailure;

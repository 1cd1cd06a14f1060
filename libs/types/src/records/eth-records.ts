// The Ethereum records the engine client rebuilds from CometBFT blocks and results, and the codec
// formats for the wire. Numbers that can exceed 2^53 are bigint; hex strings are lowercase 0x-prefixed.

/** A 0x-prefixed lowercase hex string. */
export type Hex = `0x${string}`;

/** EIP-2718 transaction type as served: 0 legacy, 1 EIP-2930, 2 EIP-1559. */
export type EthTxType = 0 | 1 | 2;

export interface AccessListEntry {
  readonly address: Hex;
  readonly storageKeys: readonly Hex[];
}

/** Where an included transaction or log sits; all null for a pending transaction. */
export interface InclusionPosition {
  readonly blockHash: Hex;
  readonly blockNumber: bigint;
  /** Unix seconds of the block. */
  readonly blockTimestamp: bigint;
  readonly transactionIndex: number;
}

export interface EthTransactionRecord {
  readonly type: EthTxType;
  /** The Ethereum (Keccak-256) hash, not the CometBFT tx hash. */
  readonly hash: Hex;
  readonly from: Hex;
  /** null for a contract creation. */
  readonly to: Hex | null;
  readonly nonce: bigint;
  readonly value: bigint;
  readonly gas: bigint;
  /** Legacy/2930: the signed price. 1559: the effective price once included, else maxFeePerGas. */
  readonly gasPrice: bigint;
  /** Type 2 only. */
  readonly maxFeePerGas?: bigint;
  /** Type 2 only. */
  readonly maxPriorityFeePerGas?: bigint;
  readonly input: Hex;
  /** Absent only for an unprotected (pre-EIP-155) legacy transaction. */
  readonly chainId?: bigint;
  /** Types 1 and 2 only. */
  readonly accessList?: readonly AccessListEntry[];
  readonly v: bigint;
  readonly r: bigint;
  readonly s: bigint;
  /** Types 1 and 2 only. */
  readonly yParity?: 0 | 1;
  /** null while pending. */
  readonly position: InclusionPosition | null;
}

export interface EthLogRecord {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockHash: Hex;
  readonly blockNumber: bigint;
  readonly blockTimestamp: bigint;
  readonly transactionHash: Hex;
  readonly transactionIndex: number;
  /** Index of the log in its block (not in its transaction). */
  readonly logIndex: number;
  readonly removed: boolean;
}

export interface EthReceiptRecord {
  readonly type: EthTxType;
  readonly transactionHash: Hex;
  readonly transactionIndex: number;
  readonly blockHash: Hex;
  readonly blockNumber: bigint;
  readonly from: Hex;
  readonly to: Hex | null;
  /** Running sum of gasUsed over the block's Ethereum transactions up to and including this one. */
  readonly cumulativeGasUsed: bigint;
  readonly gasUsed: bigint;
  /** Set only when the transaction created a contract. */
  readonly contractAddress: Hex | null;
  readonly logs: readonly EthLogRecord[];
  readonly logsBloom: Hex;
  /** 1 success, 0 the EVM reverted or failed. */
  readonly status: 0 | 1;
  readonly effectiveGasPrice: bigint;
}

export interface EthBlockRecord {
  readonly number: bigint;
  /** The CometBFT block hash. */
  readonly hash: Hex;
  /** The previous CometBFT block hash; 32 zero bytes for the first block. */
  readonly parentHash: Hex;
  /** Unix seconds. */
  readonly timestamp: bigint;
  /** The proposer's EVM account. */
  readonly miner: Hex;
  /** The app hash. */
  readonly stateRoot: Hex;
  readonly transactionsRoot: Hex;
  readonly receiptsRoot: Hex;
  readonly logsBloom: Hex;
  readonly gasLimit: bigint;
  readonly gasUsed: bigint;
  readonly baseFeePerGas: bigint;
  /** Bytes of the CometBFT block. */
  readonly size: bigint;
  readonly extraData: Hex;
  /** The block's Ethereum transactions in order (the codec serves hashes or full objects). */
  readonly transactions: readonly EthTransactionRecord[];
}

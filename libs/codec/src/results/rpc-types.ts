// The JSON-RPC wire objects of blocks, transactions, receipts and logs, field for field as the
// execution-apis schemas (and geth) serve them: every number a QUANTITY, every hash lowercase.

export interface RpcLog {
  readonly address: string;
  readonly topics: readonly string[];
  readonly data: string;
  readonly blockNumber: string;
  readonly transactionHash: string;
  readonly transactionIndex: string;
  readonly blockHash: string;
  readonly blockTimestamp: string;
  readonly logIndex: string;
  readonly removed: boolean;
}

export interface RpcAccessListEntry {
  readonly address: string;
  readonly storageKeys: readonly string[];
}

/** A transaction object; the four block fields are null while it is pending. */
export interface RpcTransaction {
  readonly blockHash: string | null;
  readonly blockNumber: string | null;
  readonly blockTimestamp: string | null;
  readonly from: string;
  readonly gas: string;
  readonly gasPrice: string;
  /** Type 2 only. */
  readonly maxFeePerGas?: string;
  /** Type 2 only. */
  readonly maxPriorityFeePerGas?: string;
  readonly hash: string;
  readonly input: string;
  readonly nonce: string;
  readonly to: string | null;
  readonly transactionIndex: string | null;
  readonly value: string;
  readonly type: string;
  /** Types 1 and 2 only. */
  readonly accessList?: readonly RpcAccessListEntry[];
  /** Absent only for an unprotected legacy transaction. */
  readonly chainId?: string;
  readonly v: string;
  readonly r: string;
  readonly s: string;
  /** Types 1 and 2 only. */
  readonly yParity?: string;
}

/** A receipt: exactly the fields the schema's ReceiptInfo allows (it forbids any other). */
export interface RpcReceipt {
  readonly blockHash: string;
  readonly blockNumber: string;
  readonly contractAddress: string | null;
  readonly cumulativeGasUsed: string;
  readonly effectiveGasPrice: string;
  readonly from: string;
  readonly gasUsed: string;
  readonly logs: readonly RpcLog[];
  readonly logsBloom: string;
  readonly status: string;
  readonly to: string | null;
  readonly transactionHash: string;
  readonly transactionIndex: string;
  readonly type: string;
}

/** A block with transaction hashes (`TTx = string`) or full transaction objects. */
export interface RpcBlock<TTx extends string | RpcTransaction = string | RpcTransaction> {
  readonly baseFeePerGas: string;
  readonly difficulty: string;
  readonly extraData: string;
  readonly gasLimit: string;
  readonly gasUsed: string;
  readonly hash: string;
  readonly logsBloom: string;
  readonly miner: string;
  readonly mixHash: string;
  readonly nonce: string;
  readonly number: string;
  readonly parentHash: string;
  readonly receiptsRoot: string;
  readonly sha3Uncles: string;
  readonly size: string;
  readonly stateRoot: string;
  readonly timestamp: string;
  readonly totalDifficulty: string;
  readonly transactions: readonly TTx[];
  readonly transactionsRoot: string;
  readonly uncles: readonly string[];
}

// The CometBFT RPC results the engine client reads, decoded: int64 as bigint, bytes as Uint8Array, hashes and
// addresses as 0x lowercase hex, times as Unix seconds + nanos. Only the fields Photon uses are kept.
import { type Hex } from '@photon/types';

export interface CometTime {
  readonly seconds: bigint;
  readonly nanos: number;
}

export interface CometBlockId {
  /** '0x' for the empty block id (the first block's last_block_id). */
  readonly hash: Hex;
  readonly partsTotal: number;
  readonly partsHash: Hex;
}

export interface CometHeader {
  readonly chainId: string;
  readonly height: bigint;
  readonly time: CometTime;
  readonly lastBlockId: CometBlockId;
  readonly lastCommitHash: Hex;
  readonly dataHash: Hex;
  readonly validatorsHash: Hex;
  readonly nextValidatorsHash: Hex;
  readonly consensusHash: Hex;
  readonly appHash: Hex;
  readonly lastResultsHash: Hex;
  readonly evidenceHash: Hex;
  /** The proposer's 20-byte consensus address. */
  readonly proposerAddress: Hex;
}

export interface CometBlock {
  readonly header: CometHeader;
  /** The raw tx bytes, in block order. */
  readonly txs: readonly Uint8Array[];
}

/** `block` / `block_by_hash`. */
export interface CometResultBlock {
  readonly blockId: CometBlockId;
  readonly block: CometBlock;
}

export interface CometEventAttribute {
  readonly key: string;
  readonly value: string;
  readonly index: boolean;
}

export interface CometEvent {
  readonly type: string;
  readonly attributes: readonly CometEventAttribute[];
}

/** ExecTxResult (0.38) / ResponseDeliverTx (0.34, 0.37). */
export interface CometTxResult {
  readonly code: number;
  readonly data: Uint8Array;
  readonly log: string;
  readonly info: string;
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
  readonly events: readonly CometEvent[];
  readonly codespace: string;
}

/**
 * `block_results`. `blockEvents` are 0.38's `finalize_block_events`, or 0.34/0.37's `begin_block_events`
 * followed by `end_block_events`; `layout` says which the node wrote.
 */
export interface CometBlockResults {
  readonly height: bigint;
  readonly txsResults: readonly CometTxResult[];
  readonly blockEvents: readonly CometEvent[];
  readonly layout: 'finalize-block' | 'begin-end-block';
  /** 0.38 only: the app hash after this block. */
  readonly appHash: Hex | undefined;
  /**
   * The consensus params this block changed, which apply from the next height on: null when none (the field
   * is null), undefined when the node's answer does not have the field.
   */
  readonly consensusParamUpdates: CometParamUpdates | null | undefined;
}

/** What Photon reads of a block's `consensus_param_updates`. */
export interface CometParamUpdates {
  /** Whether the updates give the block params (max_bytes, max_gas), which CometBFT then replaces whole. */
  readonly block: boolean;
  /** The new `block.max_gas` when the updates say it (a zero may be left out of the JSON). */
  readonly blockMaxGas: bigint | undefined;
}

/** `tx` and each hit of `tx_search`. */
export interface CometTxResponse {
  /** CometBFT's tx hash (sha256 of the bytes), 0x lowercase. */
  readonly hash: Hex;
  readonly height: bigint;
  /** Position in the block among all txs. */
  readonly index: number;
  readonly txResult: CometTxResult;
  readonly tx: Uint8Array;
}

export interface CometTxSearchResult {
  readonly txs: readonly CometTxResponse[];
  readonly totalCount: number;
}

export interface CometStatus {
  readonly nodeInfo: {
    /** The Cosmos chain id, e.g. `photon_9000-1`. */
    readonly network: string;
    /** CometBFT version, e.g. `0.38.17`. */
    readonly version: string;
    readonly moniker: string;
    readonly txIndex: boolean;
  };
  readonly syncInfo: {
    readonly latestBlockHash: Hex;
    readonly latestAppHash: Hex;
    readonly latestBlockHeight: bigint;
    readonly latestBlockTime: CometTime | undefined;
    readonly earliestBlockHeight: bigint;
    readonly catchingUp: boolean;
  };
  readonly validatorInfo: {
    readonly address: Hex;
    readonly votingPower: bigint;
  };
}

export interface CometNetInfo {
  readonly listening: boolean;
  readonly nPeers: number;
}

export interface CometBlockMeta {
  readonly blockId: CometBlockId;
  /** Bytes of the protobuf-encoded block (CometBFT's Block.Size()). */
  readonly blockSize: number;
  readonly header: CometHeader;
  readonly numTxs: number;
}

/** `blockchain`: metas from the highest height down, at most 20 per call. */
export interface CometBlockchain {
  readonly lastHeight: bigint;
  readonly blockMetas: readonly CometBlockMeta[];
}

export interface CometConsensusParams {
  readonly blockHeight: bigint;
  readonly block: {
    readonly maxBytes: bigint;
    /** -1 = unlimited. */
    readonly maxGas: bigint;
  };
}

export interface CometValidator {
  readonly address: Hex;
  readonly votingPower: bigint;
  readonly proposerPriority: bigint;
}

export interface CometValidators {
  readonly blockHeight: bigint;
  readonly validators: readonly CometValidator[];
  readonly total: number;
}

/** `broadcast_tx_sync`/`async`: CheckTx's verdict (`code != 0` is a rejection, not an RPC error). */
export interface CometBroadcastResult {
  readonly code: number;
  readonly data: Uint8Array;
  readonly log: string;
  readonly codespace: string;
  /** CometBFT tx hash, 0x lowercase. */
  readonly hash: Hex;
}

/** `check_tx`: CheckTx without adding to the mempool. ResponseCheckTx has ExecTxResult's fields (0.38). */
export type CometCheckTxResult = CometTxResult;

export interface CometUnconfirmedTxs {
  /** Txs in this answer. */
  readonly count: number;
  /** Txs in the mempool. */
  readonly total: number;
  readonly totalBytes: bigint;
  readonly txs: readonly Uint8Array[];
}

/** `abci_query`'s ResponseQuery. */
export interface CometAbciQuery {
  readonly code: number;
  readonly log: string;
  readonly info: string;
  readonly key: Uint8Array;
  readonly value: Uint8Array;
  /** The height answered; 0 when the query never reached one. */
  readonly height: bigint;
  readonly codespace: string;
  /** The proof of a `prove: true` store read (crypto.ProofOps.ops); empty when none came. */
  readonly proofOps: readonly CometProofOp[];
}

/** crypto.ProofOp: one step of a store proof (IAVL and multistore commitments on Ethermint). */
export interface CometProofOp {
  readonly type: string;
  readonly key: Uint8Array;
  readonly data: Uint8Array;
}

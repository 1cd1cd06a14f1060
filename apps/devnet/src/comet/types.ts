// The CometBFT 0.38 block data the devnet hashes and serves, typed the way Go holds it: int64 as
// bigint, hashes and addresses as bytes (empty = Go's nil), times with their nanoseconds.

/** A point in time as google.protobuf.Timestamp holds it: `nanos` in [0, 1e9), UTC. */
export interface CometTime {
  readonly seconds: bigint;
  readonly nanos: number;
}

export interface CometPartSetHeader {
  /** uint32: number of 64 KiB parts of the proto-encoded block. */
  readonly total: number;
  readonly hash: Uint8Array;
}

export interface CometBlockId {
  readonly hash: Uint8Array;
  readonly parts: CometPartSetHeader;
}

/** tendermint.version.Consensus: block protocol 11 for CometBFT 0.34–0.38. */
export interface CometVersion {
  readonly block: bigint;
  readonly app: bigint;
}

export interface CometHeader {
  readonly version: CometVersion;
  readonly chainId: string;
  readonly height: bigint;
  readonly time: CometTime;
  readonly lastBlockId: CometBlockId;
  readonly lastCommitHash: Uint8Array;
  readonly dataHash: Uint8Array;
  readonly validatorsHash: Uint8Array;
  readonly nextValidatorsHash: Uint8Array;
  readonly consensusHash: Uint8Array;
  readonly appHash: Uint8Array;
  readonly lastResultsHash: Uint8Array;
  readonly evidenceHash: Uint8Array;
  readonly proposerAddress: Uint8Array;
}

/** tendermint.types.BlockIDFlag; 0 (unknown) never appears in a valid commit. */
export enum BlockIdFlag {
  Absent = 1,
  Commit = 2,
  Nil = 3,
}

export interface CometCommitSig {
  readonly blockIdFlag: BlockIdFlag;
  /** Empty for an absent vote. */
  readonly validatorAddress: Uint8Array;
  /** Go's zero time (GO_ZERO_TIME) for an absent vote. */
  readonly timestamp: CometTime;
  /** Empty for an absent vote (JSON `null`). */
  readonly signature: Uint8Array;
}

export interface CometCommit {
  readonly height: bigint;
  /** int32 */
  readonly round: number;
  readonly blockId: CometBlockId;
  readonly signatures: readonly CometCommitSig[];
}

/** A block without evidence: the devnet has a single honest validator. */
export interface CometBlock {
  readonly header: CometHeader;
  readonly txs: readonly Uint8Array[];
  /** The commit of the previous block; at the first height an empty commit (height 0, no signatures). */
  readonly lastCommit: CometCommit;
}

export type CometPubKey =
  | { readonly type: 'ed25519'; readonly bytes: Uint8Array }
  | { readonly type: 'secp256k1'; readonly bytes: Uint8Array };

export interface CometValidator {
  readonly pubKey: CometPubKey;
  readonly votingPower: bigint;
}

/** The deterministic part of abci.ExecTxResult that last_results_hash commits to. */
export interface CometTxResultForHash {
  /** uint32 */
  readonly code: number;
  readonly data: Uint8Array;
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
}

/** The part of the consensus params that consensus_hash commits to (HashedParams). */
export interface CometConsensusParams {
  readonly block: {
    readonly maxBytes: bigint;
    /** -1 means unlimited. */
    readonly maxGas: bigint;
  };
}

/** Go's `time.Time{}` (0001-01-01T00:00:00Z), the timestamp of absent commit signatures. */
export const GO_ZERO_TIME: CometTime = { seconds: -62135596800n, nanos: 0 };

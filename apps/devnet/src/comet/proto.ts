// Protobuf bytes of the CometBFT messages that block hashes commit to, written with cosmjs-types'
// encoders (proto3: zero fields omitted, non-nullable gogoproto sub-messages always present).
import { BinaryWriter } from 'cosmjs-types/binary';
import { Timestamp } from 'cosmjs-types/google/protobuf/timestamp';
import { ExecTxResult } from 'cosmjs-types/tendermint/abci/types';
import type { PublicKey } from 'cosmjs-types/tendermint/crypto/keys';
import { Block } from 'cosmjs-types/tendermint/types/block';
import { HashedParams } from 'cosmjs-types/tendermint/types/params';
import {
  BlockID,
  CommitSig,
  type BlockID as BlockIdProto,
  type Commit as CommitProto,
  type CommitSig as CommitSigProto,
  type Header as HeaderProto,
} from 'cosmjs-types/tendermint/types/types';
import { SimpleValidator } from 'cosmjs-types/tendermint/types/validator';
import { Consensus } from 'cosmjs-types/tendermint/version/types';
import type {
  CometBlock,
  CometBlockId,
  CometCommit,
  CometCommitSig,
  CometConsensusParams,
  CometHeader,
  CometPubKey,
  CometTime,
  CometTxResultForHash,
  CometValidator,
  CometVersion,
} from './types';

// cdcEncode (types/encoding_helper.go) wraps a header field in a gogoproto wrapper message and
// returns nil for an empty string or slice; proto3 also drops a zero Int64Value, so all three give
// empty bytes for Go's zero values.

/** cdcEncode(string): google.protobuf.StringValue{value = 1}. */
export function cdcEncodeString(value: string): Uint8Array {
  return value === '' ? new Uint8Array() : new BinaryWriter().uint32(10).string(value).finish();
}

/** cdcEncode(int64): google.protobuf.Int64Value{value = 1}. */
export function cdcEncodeInt64(value: bigint): Uint8Array {
  return value === 0n ? new Uint8Array() : new BinaryWriter().uint32(8).int64(value).finish();
}

/** cdcEncode(HexBytes): google.protobuf.BytesValue{value = 1}. */
export function cdcEncodeBytes(value: Uint8Array): Uint8Array {
  return value.length === 0 ? new Uint8Array() : new BinaryWriter().uint32(10).bytes(value).finish();
}

export function encodeVersion(version: CometVersion): Uint8Array {
  return Consensus.encode({ block: version.block, app: version.app }).finish();
}

/** google.protobuf.Timestamp, as gogotypes.StdTimeMarshal writes a time.Time. */
export function encodeTimestamp(time: CometTime): Uint8Array {
  return Timestamp.encode(toTimestamp(time)).finish();
}

export function encodeBlockId(id: CometBlockId): Uint8Array {
  return BlockID.encode(toBlockId(id)).finish();
}

export function encodeCommitSig(sig: CometCommitSig): Uint8Array {
  return CommitSig.encode(toCommitSig(sig)).finish();
}

/** tendermint.types.Block: the bytes cut into the block's 64 KiB parts. */
export function encodeBlock(block: CometBlock): Uint8Array {
  return Block.encode({
    header: toHeader(block.header),
    data: { txs: [...block.txs] },
    evidence: { evidence: [] },
    lastCommit: toCommit(block.lastCommit),
  }).finish();
}

/** tendermint.types.SimpleValidator{pub_key, voting_power}: one leaf of validators_hash. */
export function encodeSimpleValidator(validator: CometValidator): Uint8Array {
  return SimpleValidator.encode({
    pubKey: toPublicKey(validator.pubKey),
    votingPower: validator.votingPower,
  }).finish();
}

/** tendermint.types.HashedParams{block_max_bytes, block_max_gas}: the preimage of consensus_hash. */
export function encodeHashedParams(params: CometConsensusParams): Uint8Array {
  return HashedParams.encode({
    blockMaxBytes: params.block.maxBytes,
    blockMaxGas: params.block.maxGas,
  }).finish();
}

/** abci.ExecTxResult with only its deterministic fields (types/results.go deterministicExecTxResult). */
export function encodeDeterministicTxResult(result: CometTxResultForHash): Uint8Array {
  return ExecTxResult.encode({
    code: result.code,
    data: result.data,
    log: '',
    info: '',
    gasWanted: result.gasWanted,
    gasUsed: result.gasUsed,
    events: [],
    codespace: '',
  }).finish();
}

function toTimestamp(time: CometTime): Timestamp {
  return { seconds: time.seconds, nanos: time.nanos };
}

function toBlockId(id: CometBlockId): BlockIdProto {
  return { hash: id.hash, partSetHeader: { total: id.parts.total, hash: id.parts.hash } };
}

function toCommitSig(sig: CometCommitSig): CommitSigProto {
  return {
    blockIdFlag: sig.blockIdFlag as number,
    validatorAddress: sig.validatorAddress,
    timestamp: toTimestamp(sig.timestamp),
    signature: sig.signature,
  };
}

function toCommit(commit: CometCommit): CommitProto {
  return {
    height: commit.height,
    round: commit.round,
    blockId: toBlockId(commit.blockId),
    signatures: commit.signatures.map(toCommitSig),
  };
}

function toHeader(header: CometHeader): HeaderProto {
  return {
    version: { block: header.version.block, app: header.version.app },
    chainId: header.chainId,
    height: header.height,
    time: toTimestamp(header.time),
    lastBlockId: toBlockId(header.lastBlockId),
    lastCommitHash: header.lastCommitHash,
    dataHash: header.dataHash,
    validatorsHash: header.validatorsHash,
    nextValidatorsHash: header.nextValidatorsHash,
    consensusHash: header.consensusHash,
    appHash: header.appHash,
    lastResultsHash: header.lastResultsHash,
    evidenceHash: header.evidenceHash,
    proposerAddress: header.proposerAddress,
  };
}

function toPublicKey(key: CometPubKey): PublicKey {
  return key.type === 'ed25519' ? { ed25519: key.bytes } : { secp256k1: key.bytes };
}

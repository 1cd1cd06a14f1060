// The bytes a CometBFT validator signs for a precommit (types/vote.go VoteSignBytes): a
// length-delimited CanonicalVote. cosmjs-types has no canonical.proto, so it is written here.
import { BinaryWriter } from 'cosmjs-types/binary';
import type { CometBlockId, CometTime } from '../comet';

/** tendermint.types.SignedMsgType PRECOMMIT. */
const PRECOMMIT = 2;

export interface VoteToSign {
  /** SignedMsgType; the devnet only signs precommits. */
  readonly type?: number;
  readonly chainId: string;
  readonly height: bigint;
  readonly round: number;
  readonly blockId: CometBlockId;
  readonly timestamp: CometTime;
}

export function voteSignBytes(vote: VoteToSign): Uint8Array {
  const writer = BinaryWriter.create();
  const type = vote.type ?? PRECOMMIT;
  if (type !== 0) writer.uint32(8).int32(type);
  if (vote.height !== 0n) writer.uint32(17).sfixed64(vote.height);
  if (vote.round !== 0) writer.uint32(25).sfixed64(BigInt(vote.round));
  // CanonicalizeBlockID drops a zero block id (a vote for nil) altogether.
  const { hash, parts } = vote.blockId;
  if (hash.length > 0 || parts.total !== 0 || parts.hash.length > 0) {
    writer.uint32(34).fork();
    if (hash.length > 0) writer.uint32(10).bytes(hash);
    writer.uint32(18).fork();
    if (parts.total !== 0) writer.uint32(8).uint32(parts.total);
    if (parts.hash.length > 0) writer.uint32(18).bytes(parts.hash);
    writer.ldelim().ldelim();
  }
  // The timestamp is not nullable: even Go's zero time is written.
  writer.uint32(42).fork();
  if (vote.timestamp.seconds !== 0n) writer.uint32(8).int64(vote.timestamp.seconds);
  if (vote.timestamp.nanos !== 0) writer.uint32(16).int32(vote.timestamp.nanos);
  writer.ldelim();
  if (vote.chainId !== '') writer.uint32(50).string(vote.chainId);
  const body = writer.finish();
  return BinaryWriter.create().bytes(body).finish();
}

// The block hash and block_id of CometBFT 0.38: Header.Hash() is the merkle root of the header's
// fields, each proto-encoded (types/block.go), and the part-set header covers the encoded block.
import { merkleRoot } from './merkle';
import {
  cdcEncodeBytes,
  cdcEncodeInt64,
  cdcEncodeString,
  encodeBlock,
  encodeBlockId,
  encodeTimestamp,
  encodeVersion,
} from './proto';
import type { CometBlock, CometBlockId, CometHeader, CometPartSetHeader } from './types';

/** types.BlockPartSizeBytes: blocks are gossiped, and their part-set hash computed, in 64 KiB parts. */
export const BLOCK_PART_SIZE_BYTES = 65536;

/**
 * Header.Hash(): the block hash. Like Go, a header without validators_hash has no hash and gives
 * empty bytes (Go's nil, JSON "").
 */
export function headerHash(header: CometHeader): Uint8Array {
  if (header.validatorsHash.length === 0) return new Uint8Array();
  return merkleRoot([
    encodeVersion(header.version),
    cdcEncodeString(header.chainId),
    cdcEncodeInt64(header.height),
    encodeTimestamp(header.time),
    encodeBlockId(header.lastBlockId),
    cdcEncodeBytes(header.lastCommitHash),
    cdcEncodeBytes(header.dataHash),
    cdcEncodeBytes(header.validatorsHash),
    cdcEncodeBytes(header.nextValidatorsHash),
    cdcEncodeBytes(header.consensusHash),
    cdcEncodeBytes(header.appHash),
    cdcEncodeBytes(header.lastResultsHash),
    cdcEncodeBytes(header.evidenceHash),
    cdcEncodeBytes(header.proposerAddress),
  ]);
}

/** PartSetHeader of Block.MakePartSet(BlockPartSizeBytes): the `parts` of a block_id. */
export function blockPartSetHeader(block: CometBlock): CometPartSetHeader {
  const bytes = encodeBlock(block);
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += BLOCK_PART_SIZE_BYTES) {
    parts.push(bytes.subarray(offset, offset + BLOCK_PART_SIZE_BYTES));
  }
  return { total: parts.length, hash: merkleRoot(parts) };
}

/** The block_id a node reports and the next header links to: block hash plus part-set header. */
export function blockId(block: CometBlock): CometBlockId {
  return { hash: headerHash(block.header), parts: blockPartSetHeader(block) };
}

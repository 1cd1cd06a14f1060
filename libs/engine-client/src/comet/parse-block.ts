// Decoding of blocks, headers and block metas (`block`, `block_by_hash`, `header`, `blockchain`).
import { type JsonNode } from './json-read';
import { parseCometTime } from './time';
import {
  type CometBlock,
  type CometBlockId,
  type CometBlockMeta,
  type CometBlockchain,
  type CometHeader,
  type CometResultBlock,
  type CometTime,
} from './types';

export function parseTime(node: JsonNode): CometTime {
  const time = parseCometTime(node.string());
  return time ?? node.fail('expected an RFC3339 time');
}

export function parseBlockId(node: JsonNode): CometBlockId {
  const parts = node.get('parts');
  return {
    hash: node.get('hash').hex(),
    partsTotal: parts.isAbsent() ? 0 : parts.get('total').int32(),
    partsHash: parts.isAbsent() ? '0x' : parts.get('hash').hex(),
  };
}

export function parseHeader(node: JsonNode): CometHeader {
  return {
    chainId: node.get('chain_id').string(),
    height: node.get('height').int64(),
    time: parseTime(node.get('time')),
    lastBlockId: parseBlockId(node.get('last_block_id')),
    lastCommitHash: node.get('last_commit_hash').hex(),
    dataHash: node.get('data_hash').hex(),
    validatorsHash: node.get('validators_hash').hex(),
    nextValidatorsHash: node.get('next_validators_hash').hex(),
    consensusHash: node.get('consensus_hash').hex(),
    appHash: node.get('app_hash').hex(),
    lastResultsHash: node.get('last_results_hash').hex(),
    evidenceHash: node.get('evidence_hash').hex(),
    proposerAddress: node.get('proposer_address').hex(),
  };
}

function parseBlock(node: JsonNode): CometBlock {
  const data = node.get('data');
  return {
    header: parseHeader(node.get('header')),
    txs: data.isAbsent()
      ? []
      : data
          .get('txs')
          .array()
          .map((tx) => tx.base64()),
  };
}

/** `block` / `block_by_hash`; null when the node answers `block: null` (an unknown hash). */
export function parseResultBlock(node: JsonNode): CometResultBlock | null {
  const block = node.get('block');
  if (block.isAbsent()) return null;
  return { blockId: parseBlockId(node.get('block_id')), block: parseBlock(block) };
}

export function parseBlockchain(node: JsonNode): CometBlockchain {
  return {
    lastHeight: node.get('last_height').int64(),
    blockMetas: node
      .get('block_metas')
      .array()
      .map((meta): CometBlockMeta => ({
        blockId: parseBlockId(meta.get('block_id')),
        blockSize: meta.get('block_size').int32(),
        header: parseHeader(meta.get('header')),
        numTxs: meta.get('num_txs').int32(),
      })),
  };
}

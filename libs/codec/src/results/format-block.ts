// EthBlockRecord → the wire block with transaction hashes or full objects, serving the fixed
// post-merge values (zero nonce, difficulty and mixHash, no uncles) that real clients require.
import type { EthBlockRecord, InclusionPosition } from '@photon/types';
import { encodeAddress } from '../primitives/address';
import { encodeHash32 } from '../primitives/hash';
import { encodeQuantity } from '../primitives/quantity';
import { BLOOM_BYTES, EMPTY_UNCLES_HASH, ZERO_HASH, ZERO_NONCE } from './constants';
import { formatTransactionAt } from './format-transaction';
import type { RpcBlock, RpcTransaction } from './rpc-types';
import { dataOut, fixedDataOut } from './wire-hex';

export function formatBlock(record: EthBlockRecord, hydrated: false): RpcBlock<string>;
export function formatBlock(record: EthBlockRecord, hydrated: true): RpcBlock<RpcTransaction>;
export function formatBlock(record: EthBlockRecord, hydrated: boolean): RpcBlock;
export function formatBlock(record: EthBlockRecord, hydrated: boolean): RpcBlock {
  return {
    baseFeePerGas: encodeQuantity(record.baseFeePerGas),
    difficulty: '0x0',
    extraData: dataOut(record.extraData),
    gasLimit: encodeQuantity(record.gasLimit),
    gasUsed: encodeQuantity(record.gasUsed),
    hash: encodeHash32(record.hash),
    logsBloom: fixedDataOut(record.logsBloom, BLOOM_BYTES),
    miner: encodeAddress(record.miner),
    mixHash: ZERO_HASH,
    nonce: ZERO_NONCE,
    number: encodeQuantity(record.number),
    parentHash: encodeHash32(record.parentHash),
    receiptsRoot: encodeHash32(record.receiptsRoot),
    sha3Uncles: EMPTY_UNCLES_HASH,
    size: encodeQuantity(record.size),
    stateRoot: encodeHash32(record.stateRoot),
    timestamp: encodeQuantity(record.timestamp),
    // Never null (CLIENT-COMPAT.md): a chain without proof of work has no accumulated difficulty.
    totalDifficulty: '0x0',
    transactions: hydrated
      ? record.transactions.map((tx, index) => formatTransactionAt(tx, tx.position ?? inBlock(record, index)))
      : record.transactions.map((tx) => encodeHash32(tx.hash)),
    transactionsRoot: encodeHash32(record.transactionsRoot),
    uncles: [],
  };
}

/** Where the index-th transaction of the block sits, for a record that did not say. */
function inBlock(block: EthBlockRecord, index: number): InclusionPosition {
  return {
    blockHash: block.hash,
    blockNumber: block.number,
    blockTimestamp: block.timestamp,
    transactionIndex: index,
  };
}

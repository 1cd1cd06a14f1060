// The reconstruction: one CometBFT block and its results, plus what only queries can tell (miner, gas limit,
// size, base fee), as the Ethereum block with full transactions and receipts. Pure apart from hashing.
import { logsBloom, orBlooms } from '@photon/ethermint-wire';
import {
  type EthBlockRecord,
  type EthLogRecord,
  type EthReceiptRecord,
  type EthTransactionRecord,
  type Hex,
  type InclusionPosition,
} from '@photon/types';
import { getCreateAddress, keccak256 } from 'ethers';
import { type CometBlockResults, type CometResultBlock } from '../comet/types';
import { blockEthereumTxs, type BlockEthereumTx } from './block-ethereum-txs';
import { bloomFromEvents } from './block-events';
import { effectiveGasPrice, transactionRecord } from './transaction-record';
import { encodeReceipt, orderedTrieRoot } from './trie-roots';

export interface BlockContext {
  /** The proposer's EVM account. */
  readonly miner: Hex;
  /** Consensus params block.max_gas (already mapped from -1). */
  readonly gasLimit: bigint;
  /** Bytes of the CometBFT block. */
  readonly size: bigint;
  /** The base fee of the block; undefined when the fee market is off (served as 0). */
  readonly baseFee: bigint | undefined;
}

export interface AssembledBlock {
  readonly block: EthBlockRecord;
  readonly receipts: readonly EthReceiptRecord[];
}

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;
const hex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;

/** A 32-byte hash as is; the empty one (first block's parent, an app without state) as zeros. */
function hash32(value: Hex): Hex {
  if (value.length === 66) return value;
  return value === '0x' ? ZERO_HASH : (keccak256(value) as Hex);
}

interface Located {
  readonly txs: readonly BlockEthereumTx[];
  readonly positions: readonly InclusionPosition[];
  readonly logs: readonly (readonly EthLogRecord[])[];
}

/** Positions and block-wide numbered logs of the block's Ethereum txs. */
function locate(resultBlock: CometResultBlock, results: CometBlockResults): Located {
  const txs = blockEthereumTxs(resultBlock, results);
  const blockHash = resultBlock.blockId.hash;
  const blockNumber = resultBlock.block.header.height;
  const blockTimestamp = resultBlock.block.header.time.seconds;
  let logIndex = 0;
  const positions = txs.map((_, transactionIndex) => ({
    blockHash,
    blockNumber,
    blockTimestamp,
    transactionIndex,
  }));
  const logs = txs.map((tx, transactionIndex) =>
    tx.logs.map((log): EthLogRecord => ({
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockHash,
      blockNumber,
      blockTimestamp,
      transactionHash: tx.hash,
      transactionIndex,
      logIndex: logIndex++,
      removed: false,
    })),
  );
  return { txs, positions, logs };
}

/** Only the logs of a block (what eth_getLogs needs): no queries, no tries. */
export function assembleLogs(resultBlock: CometResultBlock, results: CometBlockResults): EthLogRecord[] {
  return locate(resultBlock, results).logs.flat();
}

export function assembleBlock(
  resultBlock: CometResultBlock,
  results: CometBlockResults,
  ctx: BlockContext,
): AssembledBlock {
  const { txs, positions, logs } = locate(resultBlock, results);
  const header = resultBlock.block.header;
  const transactions: EthTransactionRecord[] = txs.map((tx, i) =>
    transactionRecord(tx.tx, tx.from, tx.hash, positions[i]!, ctx.baseFee),
  );
  let cumulativeGasUsed = 0n;
  const blooms: Uint8Array[] = [];
  const receiptBodies: Uint8Array[] = [];
  const receipts = txs.map((tx, i): EthReceiptRecord => {
    cumulativeGasUsed += tx.gasUsed;
    const status = tx.failed ? 0 : 1;
    const bloom = logsBloom(tx.logs);
    blooms.push(bloom);
    receiptBodies.push(
      encodeReceipt({ type: transactions[i]!.type, status, cumulativeGasUsed, bloom, logs: tx.logs }),
    );
    const created = tx.tx.to === null && status === 1;
    return {
      type: transactions[i]!.type,
      transactionHash: tx.hash,
      transactionIndex: i,
      blockHash: resultBlock.blockId.hash,
      blockNumber: header.height,
      from: tx.from,
      to: transactions[i]!.to,
      cumulativeGasUsed,
      gasUsed: tx.gasUsed,
      contractAddress: created
        ? (getCreateAddress({ from: tx.from, nonce: tx.tx.nonce }).toLowerCase() as Hex)
        : null,
      logs: logs[i] ?? [],
      logsBloom: hex(bloom),
      status,
      effectiveGasPrice: effectiveGasPrice(tx.tx, ctx.baseFee),
    };
  });
  const transactionsRoot = orderedTrieRoot(txs.map((tx) => tx.signedRaw));
  const receiptsRoot = orderedTrieRoot(receiptBodies);
  const block: EthBlockRecord = {
    number: header.height,
    hash: resultBlock.blockId.hash,
    parentHash: hash32(header.lastBlockId.hash),
    timestamp: header.time.seconds,
    miner: ctx.miner,
    stateRoot: hash32(header.appHash),
    transactionsRoot,
    receiptsRoot,
    logsBloom: hex(bloomFromEvents(results.blockEvents) ?? orBlooms(blooms)),
    gasLimit: ctx.gasLimit,
    gasUsed: cumulativeGasUsed,
    baseFeePerGas: ctx.baseFee ?? 0n,
    size: ctx.size,
    extraData: '0x',
    transactions,
  };
  return { block, receipts };
}

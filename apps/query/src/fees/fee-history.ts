// eth_feeHistory over already-read blocks, computed as geth's gas price oracle does: base fees (plus
// the next block's), gas used ratios, and per-block effective tips at gas-weighted percentiles.
import type { EthBlockRecord, EthReceiptRecord, EthTransactionRecord } from '@photon/types';

export interface FeeHistoryBlock {
  readonly block: EthBlockRecord;
  /** Needed only when reward percentiles are asked for. */
  readonly receipts: readonly EthReceiptRecord[];
}

export interface FeeHistory {
  readonly oldestBlock: bigint;
  /** One per block plus the base fee of the block after the newest. */
  readonly baseFeePerGas: readonly bigint[];
  readonly gasUsedRatio: readonly number[];
  /** Present only when percentiles were given. */
  readonly reward?: readonly (readonly bigint[])[];
}

/** The tip a tx actually paid per gas in a block with `baseFee`. */
export function effectiveTip(tx: EthTransactionRecord, baseFee: bigint): bigint {
  if (tx.maxFeePerGas !== undefined && tx.maxPriorityFeePerGas !== undefined) {
    const headroom = tx.maxFeePerGas - baseFee;
    return headroom < tx.maxPriorityFeePerGas ? headroom : tx.maxPriorityFeePerGas;
  }
  return tx.gasPrice - baseFee;
}

function blockRewards(entry: FeeHistoryBlock, percentiles: readonly number[]): bigint[] {
  const { block, receipts } = entry;
  if (block.transactions.length === 0 || block.gasUsed === 0n) return percentiles.map(() => 0n);
  const gasUsedByHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt.gasUsed]));
  const sorted = block.transactions
    .map((tx) => ({ tip: effectiveTip(tx, block.baseFeePerGas), gasUsed: gasUsedByHash.get(tx.hash) ?? 0n }))
    .sort((a, b) => (a.tip < b.tip ? -1 : a.tip > b.tip ? 1 : 0));
  const totalGas = sorted.reduce((sum, tx) => sum + tx.gasUsed, 0n);
  const rewards: bigint[] = [];
  let index = 0;
  let sumGasUsed = sorted[0]!.gasUsed;
  for (const percentile of percentiles) {
    // geth: thresholdGasUsed = gasUsed * p / 100, over the txs' own gas (our sum equals block gasUsed).
    const threshold = (Number(totalGas) * percentile) / 100;
    while (Number(sumGasUsed) < threshold && index < sorted.length - 1) {
      index++;
      sumGasUsed += sorted[index]!.gasUsed;
    }
    rewards.push(sorted[index]!.tip);
  }
  return rewards;
}

export function computeFeeHistory(
  blocks: readonly FeeHistoryBlock[],
  nextBaseFee: bigint,
  percentiles: readonly number[] | undefined,
): FeeHistory {
  const first = blocks[0];
  if (first === undefined) throw new Error('computeFeeHistory needs at least one block');
  const history: FeeHistory = {
    oldestBlock: first.block.number,
    baseFeePerGas: [...blocks.map(({ block }) => block.baseFeePerGas), nextBaseFee],
    gasUsedRatio: blocks.map(({ block }) =>
      block.gasLimit === 0n ? 0 : Number(block.gasUsed) / Number(block.gasLimit),
    ),
  };
  if (percentiles === undefined || percentiles.length === 0) return history;
  return { ...history, reward: blocks.map((entry) => blockRewards(entry, percentiles)) };
}

// The fee answers: the head's suggested gas price and tip (Ethermint's rule, once per head) and
// eth_feeHistory over up to 100 blocks read through the chain reader.
import { Injectable } from '@nestjs/common';
import { type BlockNumberOrTag, InvalidInputError, LimitExceededError } from '@photon/codec';
import { EthereumChainReader, EvmQueryClient, type AssembledBlock } from '@photon/engine-client';
import { baseFeeRules, nextBaseFee } from '@photon/ethermint-wire';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from '../engine/chain-head';
import { type FeeHistory, computeFeeHistory } from './fee-history';
import { type FeeSuggestion, suggestFees } from './gas-price';
import { parentBlockGas } from './parent-block-gas';

/** Most blocks one eth_feeHistory may cover (LIMITS.md, as Ethermint's default fee-history cap). */
export const MAX_FEE_HISTORY_BLOCKS = 100n;

const EARLIEST: BlockNumberOrTag = { kind: 'tag', tag: 'earliest' };

@Injectable()
export class FeeService {
  constructor(
    private readonly head: ChainHead,
    private readonly resolver: BlockResolver,
    private readonly evm: EvmQueryClient,
    private readonly reader: EthereumChainReader,
  ) {}

  /** eth_gasPrice and eth_maxPriorityFeePerGas at the head, computed once per block. */
  suggestion(): Promise<FeeSuggestion> {
    return this.head.perHead('fees:suggestion', async (head) => {
      const [baseFee, rules] = await Promise.all([this.evm.baseFee(head), this.evm.feeMarketParams(head)]);
      return suggestFees(baseFee, rules);
    });
  }

  /** eth_feeHistory: blocks up to `newest`, fewer when the engine's history starts later. */
  async feeHistory(
    blockCount: bigint,
    newest: BlockNumberOrTag,
    percentiles: readonly number[],
  ): Promise<FeeHistory> {
    if (blockCount > MAX_FEE_HISTORY_BLOCKS) {
      throw new LimitExceededError(
        `FeeHistory user block count ${blockCount} higher than ${MAX_FEE_HISTORY_BLOCKS}`,
      );
    }
    if (blockCount === 0n) return { oldestBlock: 0n, baseFeePerGas: [], gasUsedRatio: [] };
    const [newestHeight, latest, earliest] = await Promise.all([
      this.resolver.blockHeight(newest),
      this.head.latest(),
      this.resolver.blockHeight(EARLIEST),
    ]);
    if (newestHeight === null) {
      const requested = newest.kind === 'number' ? newest.number : latest;
      throw new InvalidInputError(`request beyond head block: requested ${requested}, head ${latest}`);
    }
    const first = maxOf(newestHeight - blockCount + 1n, earliest ?? 1n, 1n);
    const blocks = await this.blocks(first, newestHeight);
    const last = blocks[blocks.length - 1];
    if (last === undefined) throw new InvalidInputError('header not found');
    const next = await this.baseFeeAfter(last, latest);
    return computeFeeHistory(blocks, next, percentiles.length === 0 ? undefined : percentiles);
  }

  /** Blocks first..last in order; a gap (pruned while reading) keeps only the blocks after it. */
  private async blocks(first: bigint, last: bigint): Promise<AssembledBlock[]> {
    const heights: bigint[] = [];
    for (let height = first; height <= last; height++) heights.push(height);
    const found = await Promise.all(heights.map((height) => this.reader.blockByNumber(height)));
    const afterGap = found.lastIndexOf(null) + 1;
    return found.slice(afterGap).filter((block): block is AssembledBlock => block !== null);
  }

  /** The next block's base fee: read when that block exists, else Ethermint's formula over `block`. */
  private async baseFeeAfter(entry: AssembledBlock, latest: bigint): Promise<bigint> {
    const height = entry.block.number;
    if (height < latest) return (await this.evm.baseFee(height + 1n)) ?? 0n;
    return nextBaseFee(baseFeeRules(await this.evm.feeMarketParams(height)), parentBlockGas(entry.block));
  }
}

function maxOf(...values: bigint[]): bigint {
  return values.reduce((max, value) => (value > max ? value : max));
}

// Everything a block's reconstruction reads from the engine, fetched in two rounds: the block, its results, its
// meta (size) and consensus params together; then the proposer's EVM account and, when no `fee_market` event
// says it, the base fee at that height. The consensus params are not asked for when the block before's results
// tell them (see `nextGasLimit`).
import { type Hex } from '@photon/types';
import { isMissingHeight } from '../comet/rpc-error-kind';
import { type CometBlockResults, type CometParamUpdates, type CometResultBlock } from '../comet/types';
import { AbciQueryError, EngineRpcError, HeightNotAvailableError } from '../errors';
import { type EvmQueryClient } from '../evm/evm-query-client';
import { type CometHttpClient } from '../http/comet-http-client';
import { type BlockContext } from './block-assembler';
import { baseFeeFromEvents } from './block-events';
import { LruCache } from './lru-cache';

export interface BlockInputs {
  readonly resultBlock: CometResultBlock;
  readonly results: CometBlockResults;
  readonly context: BlockContext;
}

/** Ethermint's gas limit when consensus params say "unlimited" (-1) or cannot be read. */
export const UNLIMITED_GAS_LIMIT = 0xffffffffn;
const ZERO_ADDRESS: Hex = `0x${'00'.repeat(20)}`;
/** Heights whose next height's gas limit is kept: enough for several clients walking the chain at once. */
const GAS_LIMITS_KEPT = 256;

/** A block's gas limit, and whether the engine said it (rather than the fallback of an unreadable one). */
interface GasLimit {
  readonly value: bigint;
  readonly read: boolean;
}

const gasLimitOf = (maxGas: bigint): bigint => (maxGas < 0n ? UNLIMITED_GAS_LIMIT : maxGas);

/**
 * The next height's gas limit, from this height's and the params this block changed: CometBFT applies a block's
 * `consensus_param_updates` from the next height on, replacing the block params whole when they are given
 * (Cosmos SDK apps give all params after every block). undefined when the results cannot tell it.
 */
function nextGasLimit(current: GasLimit, updates: CometParamUpdates | null | undefined): bigint | undefined {
  if (updates === undefined) return undefined;
  if (updates === null || !updates.block) return current.read ? current.value : undefined;
  return updates.blockMaxGas === undefined ? undefined : gasLimitOf(updates.blockMaxGas);
}

/** undefined when the node has no such height (future, pruned, or results not written yet). */
async function orMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (isMissingHeight(error)) return undefined;
    throw error;
  }
}

export class BlockInputsFetcher {
  private readonly miners = new Map<Hex, Hex>();
  /**
   * The gas limit of height h + 1 by h, as h's results tell it (see `nextGasLimit`). A client walking blocks
   * in order (an indexer, a block explorer) then costs one engine call less per block.
   */
  private readonly gasLimitsAfter = new LruCache<bigint, bigint>(GAS_LIMITS_KEPT);

  constructor(
    private readonly comet: CometHttpClient,
    private readonly evm: EvmQueryClient,
  ) {}

  /** `known`: the block when the caller already has it (a lookup by hash). */
  async fetch(height: bigint, known?: CometResultBlock): Promise<BlockInputs | undefined> {
    const carried = this.gasLimitsAfter.get(height - 1n);
    const [resultBlock, results, meta, gasLimit] = await Promise.all([
      known === undefined ? orMissing(this.comet.block(height)) : known,
      orMissing(this.comet.blockResults(height)),
      orMissing(this.comet.blockchain(height, height)),
      carried === undefined ? this.gasLimit(height) : { value: carried, read: true },
    ]);
    if (resultBlock === undefined || results === undefined) return undefined;
    const next = nextGasLimit(gasLimit, results.consensusParamUpdates);
    if (next !== undefined) this.gasLimitsAfter.set(height, next);
    const eventBaseFee = baseFeeFromEvents(results.blockEvents);
    const [miner, baseFee] = await Promise.all([
      // At the latest state, not the block's: the answer is cached per proposer anyway, and a pruned node
      // still knows its validators.
      this.miner(resultBlock.block.header.proposerAddress),
      eventBaseFee ?? this.baseFee(height),
    ]);
    const blockSize = meta?.blockMetas.find((m) => m.header.height === height)?.blockSize;
    // Without a meta (never seen on CometBFT), the tx bytes are the best lower bound of the block's size.
    const size =
      blockSize === undefined
        ? BigInt(resultBlock.block.txs.reduce((n, tx) => n + tx.length, 0))
        : BigInt(blockSize);
    return { resultBlock, results, context: { miner, gasLimit: gasLimit.value, size, baseFee } };
  }

  /** The EVM account of a proposer (consensus address), cached per proposer; zero address when unknown. */
  async miner(proposer: Hex): Promise<Hex> {
    const cached = this.miners.get(proposer);
    if (cached !== undefined) return cached;
    try {
      const account = await this.evm.validatorAccount(proposer);
      this.miners.set(proposer, account);
      return account;
    } catch (error) {
      // A validator that has left (or state pruned at that height): Ethermint serves the zero address too.
      if (error instanceof AbciQueryError || error instanceof HeightNotAvailableError) return ZERO_ADDRESS;
      throw error;
    }
  }

  private async gasLimit(height: bigint): Promise<GasLimit> {
    try {
      const maxGas = (await this.comet.consensusParams(height)).block.maxGas;
      return { value: gasLimitOf(maxGas), read: true };
    } catch (error) {
      if (error instanceof EngineRpcError) return { value: UNLIMITED_GAS_LIMIT, read: false };
      throw error;
    }
  }

  private async baseFee(height: bigint): Promise<bigint | undefined> {
    try {
      return (await this.evm.baseFee(height)) ?? undefined;
    } catch (error) {
      if (error instanceof AbciQueryError || error instanceof HeightNotAvailableError) return undefined;
      throw error;
    }
  }
}

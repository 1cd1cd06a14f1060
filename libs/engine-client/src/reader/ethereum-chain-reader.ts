// The Ethereum view of the chain: blocks, transactions, receipts and logs rebuilt from CometBFT blocks and
// results, found by number, hash or Ethereum tx hash. Unknown blocks and txs are null, never errors. Committed
// blocks never change (CometBFT has instant finality), so assembled blocks are kept in a bounded LRU.
import { type EthLogRecord, type EthReceiptRecord, type EthTransactionRecord, type Hex } from '@photon/types';
import { type CometResultBlock } from '../comet/types';
import { type EvmQueryClient } from '../evm/evm-query-client';
import { type CometHttpClient } from '../http/comet-http-client';
import { getBytes } from 'ethers';
import { assembleBlock, assembleLogs, type AssembledBlock } from './block-assembler';
import { exceedsBlockGasLimit } from './block-ethereum-txs';
import { bloomFromEvents } from './block-events';
import { traceInputs, type TraceInputs } from './trace-inputs';
import { BlockInputsFetcher } from './block-inputs';
import { type CacheStats, LruCache } from './lru-cache';
import { logsBytes } from './logs-bytes';
import { pendingRecords } from './pending-transactions';
import { isMissingHeight } from '../comet/rpc-error-kind';

/** A block by height or by (CometBFT = Ethereum) hash. */
export type BlockRef = bigint | Hex;

/** False when a block's 256-byte logs bloom proves none of its logs is wanted. */
export type BloomTest = (bloom: Uint8Array) => boolean;

export interface EthereumChainReaderOptions {
  /** Assembled blocks kept (default 256). */
  blockCacheSize?: number;
  /** Logs blooms kept for log scans (default 16,384: 256 bytes each, one shared for empty blocks). */
  bloomCacheSize?: number;
  /** Bytes of block logs kept for eth_getLogs (default 32 MiB, by an estimate of their size in memory). */
  logsCacheBytes?: number;
}

/** Hits and misses of the assembled-block cache. */
export type ChainReaderCacheStats = CacheStats;

/** The bloom of a block without logs, shared by every such block the bloom cache keeps. */
const EMPTY_BLOOM = new Uint8Array(256);

/** CometBFT caps unconfirmed_txs at 100 per call. */
const MEMPOOL_PAGE = 100;

export class EthereumChainReader {
  private readonly inputs: BlockInputsFetcher;
  private readonly blocks: LruCache<bigint, AssembledBlock>;
  private readonly heightsByHash: LruCache<Hex, bigint>;
  private readonly blooms: LruCache<bigint, Uint8Array>;
  private readonly logs: LruCache<bigint, readonly EthLogRecord[]>;
  private readonly inFlight = new Map<bigint, Promise<AssembledBlock | null>>();

  constructor(
    private readonly comet: CometHttpClient,
    evm: EvmQueryClient,
    opts: EthereumChainReaderOptions = {},
  ) {
    this.inputs = new BlockInputsFetcher(comet, evm);
    const size = opts.blockCacheSize ?? 256;
    this.blocks = new LruCache(size);
    this.heightsByHash = new LruCache(size);
    this.blooms = new LruCache(opts.bloomCacheSize ?? 16_384);
    this.logs = new LruCache<bigint, readonly EthLogRecord[]>(
      opts.logsCacheBytes ?? 32 * 1024 * 1024,
      logsBytes,
    );
  }

  async latestHeight(): Promise<bigint> {
    return (await this.comet.status()).syncInfo.latestBlockHeight;
  }

  /** The block with full transactions and its receipts; null when the engine has no such block. */
  block(ref: BlockRef): Promise<AssembledBlock | null> {
    return typeof ref === 'bigint' ? this.blockByNumber(ref) : this.blockByHash(ref);
  }

  blockByNumber(height: bigint): Promise<AssembledBlock | null> {
    if (height <= 0n) return Promise.resolve(null);
    return this.assembled(height);
  }

  async blockByHash(hash: Hex): Promise<AssembledBlock | null> {
    const key = hash.toLowerCase() as Hex;
    const height = this.heightsByHash.get(key);
    if (height !== undefined) return this.assembled(height);
    const resultBlock = await this.comet.blockByHash(key);
    if (resultBlock === null) return null;
    return this.assembled(resultBlock.block.header.height, resultBlock);
  }

  /** The block's included Ethereum messages and header facts a trace sends; null when there is no such block. */
  async traceInputs(ref: BlockRef): Promise<TraceInputs | null> {
    const height = typeof ref === 'bigint' ? ref : (await this.blockByHash(ref))?.block.number;
    if (height === undefined || height <= 0n) return null;
    const inputs = await this.inputs.fetch(height);
    return inputs === undefined ? null : traceInputs(inputs.resultBlock, inputs.results);
  }

  /** An included transaction by its Ethereum hash. */
  async transactionByHash(hash: Hex): Promise<EthTransactionRecord | null> {
    const found = await this.locate(hash);
    return found === null ? null : (found.block.block.transactions[found.index] ?? null);
  }

  async transactionByBlockAndIndex(ref: BlockRef, index: number): Promise<EthTransactionRecord | null> {
    const block = await this.block(ref);
    return block?.block.transactions[index] ?? null;
  }

  async receipt(hash: Hex): Promise<EthReceiptRecord | null> {
    const found = await this.locate(hash);
    return found === null ? null : (found.block.receipts[found.index] ?? null);
  }

  async blockReceipts(ref: BlockRef): Promise<readonly EthReceiptRecord[] | null> {
    return (await this.block(ref))?.receipts ?? null;
  }

  /**
   * The block's logs, numbered block-wide; a block not yet assembled costs `block` + `block_results` only.
   * With `mayMatch` (a bloom test, e.g. eth_getLogs' criteria), a block whose logs bloom rules it out gives
   * `[]` without its logs being read: its `block_results` alone carry the bloom, so the `block` is not fetched,
   * and the bloom is kept (longer than blocks) so a later scan rules the block out with no engine call.
   * Logs read are kept (by bytes) apart from whole blocks, so the blocks eth_getLogs keeps finding through
   * the log index cost no engine call.
   */
  async blockLogs(ref: BlockRef, mayMatch?: BloomTest): Promise<readonly EthLogRecord[] | null> {
    const height = typeof ref === 'bigint' ? ref : this.heightsByHash.get(ref.toLowerCase() as Hex);
    const kept = height === undefined ? undefined : this.logs.get(height);
    if (kept !== undefined && height !== undefined) {
      const bloom = mayMatch === undefined ? undefined : this.blooms.get(height);
      return bloom !== undefined && mayMatch?.(bloom) === false ? [] : kept;
    }
    const cached = height === undefined ? undefined : this.blocks.get(height);
    const known = cached ?? (typeof ref === 'bigint' ? undefined : await this.blockByHash(ref));
    if (known === null) return null;
    if (known !== undefined) {
      if (mayMatch !== undefined && !mayMatch(getBytes(known.block.logsBloom))) return [];
      return this.keepLogs(
        known.block.number,
        known.receipts.flatMap((r) => r.logs),
      );
    }
    if (typeof ref !== 'bigint' || ref <= 0n) return null;
    // A bloom seen before (blooms are kept longer than blocks) rules a block out with no engine call.
    const seen = mayMatch === undefined ? undefined : this.blooms.get(ref);
    if (seen !== undefined && mayMatch?.(seen) === false) return [];
    try {
      if (mayMatch === undefined) {
        const [resultBlock, results] = await Promise.all([
          this.comet.block(ref),
          this.comet.blockResults(ref),
        ]);
        this.rememberBloom(ref, bloomFromEvents(results.blockEvents));
        return this.keepLogs(ref, assembleLogs(resultBlock, results));
      }
      const results = await this.comet.blockResults(ref);
      const bloom = this.rememberBloom(ref, bloomFromEvents(results.blockEvents));
      if (bloom !== undefined && !mayMatch(bloom)) return [];
      return this.keepLogs(ref, assembleLogs(await this.comet.block(ref), results));
    } catch (error) {
      if (isMissingHeight(error)) return null;
      throw error;
    }
  }

  /** The mempool's Ethereum transactions (first `limit`, at most 100 as CometBFT caps it). */
  async pendingTransactions(limit = MEMPOOL_PAGE): Promise<EthTransactionRecord[]> {
    return pendingRecords((await this.comet.unconfirmedTxs(Math.min(limit, MEMPOOL_PAGE))).txs);
  }

  /** The EVM account of a proposer (20-byte consensus address), as blocks report it in `miner`. */
  miner(proposerAddress: Hex): Promise<Hex> {
    return this.inputs.miner(proposerAddress.toLowerCase() as Hex);
  }

  cacheStats(): ChainReaderCacheStats {
    return this.blocks.stats();
  }

  /** Keeps a block's logs for later reads (an empty block's too: an unconstrained scan reads it again). */
  private keepLogs(height: bigint, logs: readonly EthLogRecord[]): readonly EthLogRecord[] {
    this.logs.set(height, logs);
    return logs;
  }

  /** Keeps a block's bloom for later scans; every empty bloom is one shared array. */
  private rememberBloom(height: bigint, bloom: Uint8Array | undefined): Uint8Array | undefined {
    if (bloom === undefined) return undefined;
    const kept = bloom.every((byte) => byte === 0) ? EMPTY_BLOOM : bloom;
    this.blooms.set(height, kept);
    return kept;
  }

  /** The block holding an Ethereum tx (via the tx indexer) and the tx's index in it. */
  private async locate(hash: Hex): Promise<{ block: AssembledBlock; index: number } | null> {
    const key = hash.toLowerCase() as Hex;
    if (!/^0x[0-9a-f]{64}$/.test(key)) return null;
    const search = await this.comet.txSearch(`ethereum_tx.ethereumTxHash='${key}'`, {
      perPage: 10,
      orderBy: 'asc',
    });
    // A tx rejected at delivery (nonce, balance) is indexed too; only an executed one is the Ethereum tx.
    const hit = search.txs.find((t) => t.txResult.code === 0 || exceedsBlockGasLimit(t.txResult));
    if (hit === undefined) return null;
    const block = await this.blockByNumber(hit.height);
    const index = block?.block.transactions.findIndex((tx) => tx.hash === key) ?? -1;
    return block === null || index < 0 ? null : { block, index };
  }

  /** The assembled block at `height`, from the cache, an identical request in flight, or the engine. */
  private assembled(height: bigint, known?: CometResultBlock): Promise<AssembledBlock | null> {
    const cached = this.blocks.get(height);
    if (cached !== undefined) return Promise.resolve(cached);
    let pending = this.inFlight.get(height);
    if (pending === undefined) {
      pending = this.assemble(height, known).finally(() => this.inFlight.delete(height));
      this.inFlight.set(height, pending);
    }
    return pending;
  }

  private async assemble(
    height: bigint,
    known: CometResultBlock | undefined,
  ): Promise<AssembledBlock | null> {
    const inputs = await this.inputs.fetch(height, known);
    if (inputs === undefined) return null;
    const block = assembleBlock(inputs.resultBlock, inputs.results, inputs.context);
    this.blocks.set(height, block);
    this.heightsByHash.set(block.block.hash, height);
    return block;
  }
}

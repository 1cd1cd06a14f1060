// One place to read how well the query service's caches answer (the chain reader's block LRU, the
// included-transaction and receipt LRUs, the per-head cache) and how often the logs bloom and the log index
// spared a read.
import { Injectable } from '@nestjs/common';
import { EthereumChainReader } from '@photon/engine-client';
import { ChainHead } from '../engine/chain-head';
import { FinalAnswers } from './final-answers';
import { TransactionService } from '../eth/transaction.service';
import { type BloomStats, type LogIndexStats, LogsService } from '../logs/logs.service';
import type { CacheStats } from '@photon/engine-client';

export interface QueryCacheSnapshot {
  readonly blocks: CacheStats;
  readonly transactions: CacheStats;
  readonly receipts: CacheStats;
  readonly head: CacheStats;
  /** Answers kept at committed heights: state reads at a block named by number or hash, every call. */
  readonly final: CacheStats;
  readonly logsBloom: BloomStats;
  readonly logIndex: LogIndexStats;
}

@Injectable()
export class QueryCacheStats {
  constructor(
    private readonly reader: EthereumChainReader,
    private readonly head: ChainHead,
    private readonly transactions: TransactionService,
    private readonly logs: LogsService,
    private readonly final: FinalAnswers,
  ) {}

  snapshot(): QueryCacheSnapshot {
    return {
      blocks: this.reader.cacheStats(),
      ...this.transactions.cacheStats(),
      head: this.head.cache.stats(),
      final: this.final.stats(),
      logsBloom: this.logs.bloomStats(),
      logIndex: this.logs.logIndexStats(),
    };
  }
}

/** hits / (hits + misses), 0 before the first read. */
export function hitRate(stats: CacheStats): number {
  const reads = stats.hits + stats.misses;
  return reads === 0 ? 0 : stats.hits / reads;
}

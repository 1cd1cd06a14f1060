// eth_getLogs: the logs matching a filter over a block range (capped in blocks and in results) or in one
// block by hash. Inside the log index's span only the blocks the index lists are read, so the cost follows
// the matching blocks, not the width of the range; elsewhere (or with the index unreachable) each block's
// logs bloom is tested before its logs are read.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type FilterDto, InvalidInputError, type RpcLog, formatLog } from '@photon/codec';
import { type BloomTest, EthereumChainReader, logsBytes } from '@photon/engine-client';
import { criteriaKeyGroups } from '@photon/store';
import type { Hex } from '@photon/types';
import { FinalAnswers } from '../cache/final-answers';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from '../engine/chain-head';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';
import { type LogCriteria, bloomMatcher, logMatches } from './log-criteria';
import { assertRangeFits } from './log-limits';
import { planScan } from './log-plan';
import { type BlockRange, type RangeChain, resolveLogRange } from './log-range';
import { type ScanPlan, scanLogs } from './log-scan';

/** How often the bloom test let a block's logs go unread. */
export interface BloomStats {
  readonly tested: number;
  readonly ruledOut: number;
}

/** How much the log index spared: blocks spanned by indexed range queries against blocks read for them. */
export interface LogIndexStats {
  readonly lookups: number;
  /** Lookups that failed (the store unreachable) and fell back to a scan. */
  readonly unavailable: number;
  readonly blocksSpanned: number;
  readonly blocksRead: number;
}

@Injectable()
export class LogsService {
  private readonly chain: RangeChain;
  private readonly log = new Logger('query');
  private tested = 0;
  private ruledOut = 0;
  private indexStats = { lookups: 0, unavailable: 0, blocksSpanned: 0, blocksRead: 0 };
  private indexProblem: string | undefined;

  constructor(
    private readonly reader: EthereumChainReader,
    head: ChainHead,
    resolver: BlockResolver,
    @Inject(QUERY_OPTIONS) private readonly options: QueryOptions,
    private readonly final: FinalAnswers,
  ) {
    this.chain = {
      head: () => head.latest(),
      engineHead: () => reader.latestHeight(),
      earliest: () => resolver.blockHeight({ kind: 'tag', tag: 'earliest' }).then((h) => h ?? 1n),
    };
  }

  /**
   * The logs `filter` selects, formatted for the wire; with `keep`, an answer over a range is kept (formatted,
   * so a caller it is kept for pays for neither the scan nor the formatting).
   */
  async getLogs(filter: FilterDto, { keep }: { keep: boolean } = { keep: true }): Promise<RpcLog[]> {
    const criteria: LogCriteria = {
      ...(filter.address === undefined ? {} : { addresses: filter.address }),
      ...(filter.topics === undefined ? {} : { topics: filter.topics }),
    };
    const mayMatch = this.bloomTest(criteria);
    if (filter.blockHash !== undefined) {
      // One block is the smallest unit a client can ask for, so the result cap does not apply (nor in geth).
      const logs = await this.reader.blockLogs(filter.blockHash.toLowerCase() as Hex, mayMatch);
      if (logs === null) throw new InvalidInputError('unknown block');
      return logs.filter((log) => logMatches(log, criteria)).map(formatLog);
    }
    const range = await resolveLogRange(filter.fromBlock, filter.toBlock, this.chain);
    const limits = this.options.logLimits;
    assertRangeFits(range.from, range.to, limits);
    const scan = async (): Promise<RpcLog[]> => {
      const plan = await this.plan(range, criteria);
      const logs = await scanLogs(plan, criteria, limits, (height) =>
        this.reader.blockLogs(height, mayMatch),
      );
      return logs.map(formatLog);
    };
    if (!keep) return scan();
    // Every block of the range is committed, so its logs for this filter never change.
    return this.final.get(range.to, `logs:${range.from}:${JSON.stringify(criteria)}`, scan, logsBytes);
  }

  bloomStats(): BloomStats {
    return { tested: this.tested, ruledOut: this.ruledOut };
  }

  logIndexStats(): LogIndexStats {
    return { ...this.indexStats };
  }

  /** The blocks to read: narrowed by the log index where it covers the range, every block where it cannot. */
  private async plan(range: BlockRange, criteria: LogCriteria): Promise<ScanPlan> {
    const groups = criteriaKeyGroups(criteria.addresses, criteria.topics);
    let plan: ScanPlan = range;
    try {
      plan = planScan(range, await this.options.logIndex.lookup(groups, range.from, range.to));
      this.indexProblem = undefined;
    } catch (error) {
      this.indexStats.unavailable++;
      // One warning per distinct problem: a store down for minutes must not fill the log.
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== this.indexProblem)
        this.log.warn(`eth_getLogs: log index unavailable, scanning: ${reason}`);
      this.indexProblem = reason;
    }
    const width = Number(range.to - range.from + 1n);
    this.indexStats.lookups++;
    this.indexStats.blocksSpanned += width;
    this.indexStats.blocksRead += plan.heights?.length ?? width;
    return plan;
  }

  /** The filter's bloom test, counted; undefined when the filter names no address or topic. */
  private bloomTest(criteria: LogCriteria): BloomTest | undefined {
    const mayMatch = bloomMatcher(criteria);
    if (mayMatch === undefined) return undefined;
    return (bloom) => {
      this.tested++;
      const may = mayMatch(bloom);
      if (!may) this.ruledOut++;
      return may;
    };
  }
}

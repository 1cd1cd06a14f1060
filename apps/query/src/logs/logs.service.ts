// eth_getLogs: the logs matching a filter over a block range (capped in blocks and in results) or in one
// block by hash. Each block's logs bloom is tested before its logs are read, so a selective filter over
// a long range reads only the blocks that may hold a match.
import { Inject, Injectable } from '@nestjs/common';
import { type FilterDto, InvalidInputError } from '@photon/codec';
import { type BloomTest, EthereumChainReader } from '@photon/engine-client';
import type { EthLogRecord, Hex } from '@photon/types';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from '../engine/chain-head';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';
import { type LogCriteria, bloomMayMatch, logMatches } from './log-criteria';
import { assertRangeFits } from './log-limits';
import { type RangeChain, resolveLogRange } from './log-range';
import { scanLogs } from './log-scan';

/** How often the bloom test let a block's logs go unread. */
export interface BloomStats {
  readonly tested: number;
  readonly ruledOut: number;
}

@Injectable()
export class LogsService {
  private readonly chain: RangeChain;
  private tested = 0;
  private ruledOut = 0;

  constructor(
    private readonly reader: EthereumChainReader,
    head: ChainHead,
    resolver: BlockResolver,
    @Inject(QUERY_OPTIONS) private readonly options: QueryOptions,
  ) {
    this.chain = {
      head: () => head.latest(),
      engineHead: () => reader.latestHeight(),
      earliest: () => resolver.blockHeight({ kind: 'tag', tag: 'earliest' }).then((h) => h ?? 1n),
    };
  }

  async getLogs(filter: FilterDto): Promise<EthLogRecord[]> {
    const criteria: LogCriteria = {
      ...(filter.address === undefined ? {} : { addresses: filter.address }),
      ...(filter.topics === undefined ? {} : { topics: filter.topics }),
    };
    const mayMatch = this.bloomTest(criteria);
    if (filter.blockHash !== undefined) {
      // One block is the smallest unit a client can ask for, so the result cap does not apply (nor in geth).
      const logs = await this.reader.blockLogs(filter.blockHash.toLowerCase() as Hex, mayMatch);
      if (logs === null) throw new InvalidInputError('unknown block');
      return logs.filter((log) => logMatches(log, criteria));
    }
    const range = await resolveLogRange(filter.fromBlock, filter.toBlock, this.chain);
    const limits = this.options.logLimits;
    assertRangeFits(range.from, range.to, limits);
    return scanLogs(range, criteria, limits, (height) => this.reader.blockLogs(height, mayMatch));
  }

  bloomStats(): BloomStats {
    return { tested: this.tested, ruledOut: this.ruledOut };
  }

  /** undefined when the filter names no address or topic: every block may match, no bloom to read. */
  private bloomTest(criteria: LogCriteria): BloomTest | undefined {
    const constrained =
      (criteria.addresses?.length ?? 0) > 0 ||
      (criteria.topics ?? []).some((alternatives) => alternatives !== null && alternatives.length > 0);
    if (!constrained) return undefined;
    return (bloom) => {
      this.tested++;
      const may = bloomMayMatch(bloom, criteria);
      if (!may) this.ruledOut++;
      return may;
    };
  }
}

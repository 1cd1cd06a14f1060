// What a log filter asks for (addresses, positional topics with alternatives and nulls) and the
// two tests eth_getLogs and filters apply: a bloom pre-filter per block, then an exact match per log.
import type { FilterTopics } from '@photon/codec';
import { type BloomBits, bloomBits, bloomHas } from '@photon/ethermint-wire';
import type { EthLogRecord } from '@photon/types';

export interface LogCriteria {
  /** Lowercase addresses any of which must have emitted the log; undefined or empty: any. */
  readonly addresses?: readonly string[];
  /** Per position the accepted topics (any of them), null or empty for any. */
  readonly topics?: FilterTopics;
}

/** Exact match, as geth's filters.filterLogs: every constrained position must match one alternative. */
export function logMatches(log: EthLogRecord, criteria: LogCriteria): boolean {
  const { addresses, topics } = criteria;
  if (addresses !== undefined && addresses.length > 0 && !addresses.includes(log.address)) return false;
  if (topics === undefined) return true;
  // A filter with more positions than the log has topics cannot match it.
  if (topics.length > log.topics.length) return false;
  return topics.every((alternatives, position) => {
    if (alternatives === null || alternatives.length === 0) return true;
    return alternatives.includes(log.topics[position]!);
  });
}

/**
 * The bloom test of a filter: false only when a block's bloom proves none of its logs can match. The bits of
 * every address and topic are computed here once, so testing a block costs no hashing. Undefined when the
 * filter names no address or topic: every block may match, and there is no bloom worth reading.
 */
export function bloomMatcher(criteria: LogCriteria): ((bloom: Uint8Array) => boolean) | undefined {
  const { addresses, topics } = criteria;
  const groups: BloomBits[][] = [];
  if (addresses !== undefined && addresses.length > 0) groups.push(addresses.map(bloomBits));
  for (const alternatives of topics ?? []) {
    if (alternatives !== null && alternatives.length > 0) groups.push(alternatives.map(bloomBits));
  }
  if (groups.length === 0) return undefined;
  return (bloom) => groups.every((alternatives) => alternatives.some((bits) => bloomHas(bloom, bits)));
}

// Which blocks of an eth_getLogs range must be read: inside the log index's span only those it lists,
// outside it (history not backfilled yet, the newest blocks not indexed yet) every block, as before.
import type { IndexLookup } from '@photon/store';
import type { BlockRange } from './log-range';
import type { ScanPlan } from './log-scan';

function everyHeight(from: bigint, to: bigint): bigint[] {
  const heights: bigint[] = [];
  for (let height = from; height <= to; height++) heights.push(height);
  return heights;
}

export function planScan(range: BlockRange, lookup: IndexLookup): ScanPlan {
  const { span } = lookup;
  if (span === null || range.to < span.low || range.from > span.high) return range;
  const below = everyHeight(range.from, span.low - 1n < range.to ? span.low - 1n : range.to);
  const above = everyHeight(span.high + 1n > range.from ? span.high + 1n : range.from, range.to);
  return { ...range, heights: [...below, ...lookup.heights, ...above] };
}

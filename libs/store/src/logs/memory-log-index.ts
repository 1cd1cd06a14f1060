// The log index of `photon start`: per key, the ascending heights of the blocks holding it, in memory.
// Heights are JS numbers here (2^53 blocks is out of reach of any chain).
import {
  type IndexLookup,
  type IndexedBlock,
  type IndexedSpan,
  type KeyGroups,
  LogIndex,
  heightsByKey,
  intersectGroups,
  unionSorted,
  widenSpan,
} from './log-index';

/** Index of the first element ≥ `value` in an ascending list. */
function lowerBound(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

export class MemoryLogIndex extends LogIndex {
  private readonly heightsByKey = new Map<string, number[]>();
  private covered: IndexedSpan | null = null;

  span(): Promise<IndexedSpan | null> {
    return Promise.resolve(this.covered);
  }

  record(
    from: bigint,
    to: bigint,
    blocks: readonly IndexedBlock[],
    anchor: string,
  ): Promise<IndexedSpan | null> {
    for (const [key, heights] of heightsByKey(blocks)) this.merge(key, heights.map(Number));
    this.covered = widenSpan(this.covered, from, to, anchor);
    return Promise.resolve(this.covered);
  }

  lookup(groups: KeyGroups, from: bigint, to: bigint): Promise<IndexLookup> {
    const span = this.covered;
    if (span === null || to < span.low || from > span.high) return Promise.resolve({ span, heights: [] });
    const low = Number(from > span.low ? from : span.low);
    const high = Number(to < span.high ? to : span.high);
    const perGroup = groups.map((keys) => unionSorted(keys.map((key) => this.between(key, low, high))));
    return Promise.resolve({ span, heights: intersectGroups(perGroup) });
  }

  clear(): Promise<void> {
    this.heightsByKey.clear();
    this.covered = null;
    return Promise.resolve();
  }

  private between(key: string, low: number, high: number): bigint[] {
    const heights = this.heightsByKey.get(key);
    if (heights === undefined) return [];
    const start = lowerBound(heights, low);
    const end = lowerBound(heights, high + 1);
    return heights.slice(start, end).map(BigInt);
  }

  /**
   * Live blocks arrive above every stored height (appended); a backfill chunk lands below them (one merge
   * per chunk, not one insertion per height).
   */
  private merge(key: string, added: number[]): void {
    added.sort((a, b) => a - b);
    const heights = this.heightsByKey.get(key);
    if (heights === undefined || heights.length === 0) {
      this.heightsByKey.set(key, added);
    } else if (heights[heights.length - 1]! < added[0]!) {
      for (const height of added) heights.push(height);
    } else {
      const merged = [...new Set([...heights, ...added])].sort((a, b) => a - b);
      this.heightsByKey.set(key, merged);
    }
  }
}

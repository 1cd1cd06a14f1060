// The contract of the log index: for every indexed block, which addresses and which topics (by position)
// its logs carry, so eth_getLogs reads only the blocks that can match instead of every block of its range.
// The index covers one span of heights [low, high] with no holes: the events leader widens it upward as it
// publishes heads and downward as it backfills history, and a reader trusts it only inside that span.
// Blocks are final once committed (CometBFT), so an entry never changes once written.

/** The heights the index covers, every block in between included; `anchor` names the chain it was built from. */
export interface IndexedSpan {
  readonly low: bigint;
  readonly high: bigint;
  /** `<height>:<block hash>` of the first block indexed: a new chain under the same prefix does not match. */
  readonly anchor: string;
}

/** One block's entries: the keys of its logs (a block without logs has none and need not be recorded). */
export interface IndexedBlock {
  readonly height: bigint;
  readonly keys: readonly string[];
}

/** A filter as the index sees it: each group must match (AND) with any of its keys (OR). */
export type KeyGroups = readonly (readonly string[])[];

/** What the index knows of [from, to]: its span, and the heights inside the span where every group matches. */
export interface IndexLookup {
  readonly span: IndexedSpan | null;
  /** Ascending, within [from, to] ∩ span; a block listed may still hold no log matching every position at once. */
  readonly heights: readonly bigint[];
}

/** The key every block with at least one log has: what an unconstrained filter looks up. */
export const ANY_LOG_KEY = '*';

export const addressKey = (address: string): string => `a${address.toLowerCase()}`;
export const topicKey = (position: number, topic: string): string => `t${position}${topic.toLowerCase()}`;

/** The keys of one block's logs, each once. */
export function blockLogKeys(logs: readonly { address: string; topics: readonly string[] }[]): string[] {
  if (logs.length === 0) return [];
  const keys = new Set<string>([ANY_LOG_KEY]);
  for (const log of logs) {
    keys.add(addressKey(log.address));
    log.topics.forEach((topic, position) => keys.add(topicKey(position, topic)));
  }
  return [...keys];
}

/** Per key, the heights of the recorded blocks that hold it, in the blocks' order. */
export function heightsByKey(blocks: readonly IndexedBlock[]): Map<string, bigint[]> {
  const byKey = new Map<string, bigint[]>();
  for (const block of blocks) {
    for (const key of block.keys) {
      const heights = byKey.get(key);
      if (heights === undefined) byKey.set(key, [block.height]);
      else heights.push(block.height);
    }
  }
  return byKey;
}

/** The groups of a filter: its addresses (any), then each constrained topic position (any alternative). */
export function criteriaKeyGroups(
  addresses: readonly string[] | undefined,
  topics: readonly (readonly string[] | null)[] | undefined,
): KeyGroups {
  const groups: string[][] = [];
  if (addresses !== undefined && addresses.length > 0) groups.push(addresses.map(addressKey));
  (topics ?? []).forEach((alternatives, position) => {
    if (alternatives !== null && alternatives.length > 0) {
      groups.push(alternatives.map((topic) => topicKey(position, topic)));
    }
  });
  return groups.length === 0 ? [[ANY_LOG_KEY]] : groups;
}

/**
 * The span after recording [from, to] over `span`: the union when the two touch or overlap, else
 * `span` unchanged (a disjoint run of blocks would leave a hole the reader must not trust).
 */
export function widenSpan(
  span: IndexedSpan | null,
  from: bigint,
  to: bigint,
  anchor: string,
): IndexedSpan | null {
  if (span === null) return { low: from, high: to, anchor };
  if (from > span.high + 1n || to < span.low - 1n) return span;
  return {
    low: from < span.low ? from : span.low,
    high: to > span.high ? to : span.high,
    anchor: span.anchor,
  };
}

export abstract class LogIndex {
  /** The span covered, or null before the first block is recorded. */
  abstract span(): Promise<IndexedSpan | null>;

  /**
   * Records the blocks of [from, to] (each block of the range with logs is in `blocks`; the others had
   * none) and then widens the span, when [from, to] touches it, so readers never trust a height whose
   * entries are not written yet. `anchor` is kept only by the first recording. Returns the span after.
   */
  abstract record(
    from: bigint,
    to: bigint,
    blocks: readonly IndexedBlock[],
    anchor: string,
  ): Promise<IndexedSpan | null>;

  /** The heights of [from, to] inside the span where every group has one of its keys. */
  abstract lookup(groups: KeyGroups, from: bigint, to: bigint): Promise<IndexLookup>;

  /** Forgets everything (the chain under this prefix is not the one indexed). */
  abstract clear(): Promise<void>;
}

/** Heights ascending in every group's union: the intersection of per-group sorted unions. */
export function intersectGroups(perGroup: readonly (readonly bigint[])[]): bigint[] {
  if (perGroup.length === 0) return [];
  // The shortest list drives: its heights are the only candidates.
  const [shortest, ...rest] = [...perGroup].sort((a, b) => a.length - b.length);
  const sets = rest.map((heights) => new Set(heights));
  return shortest!.filter((height) => sets.every((set) => set.has(height)));
}

/** The sorted union, each height once, of several ascending lists. */
export function unionSorted(lists: readonly (readonly bigint[])[]): bigint[] {
  if (lists.length === 1) return [...lists[0]!];
  const all = new Set<bigint>();
  for (const list of lists) for (const height of list) all.add(height);
  return [...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

// The cluster's log index: per key a sorted set of heights (score and member the height), and one hash for
// the span. A recording writes its entries and then widens the span in one MULTI, and a lookup reads the
// span before the entries in one pipeline, so no replica trusts a height whose entries are not there.
import type { Redis } from 'ioredis';
import {
  type IndexLookup,
  type IndexedBlock,
  type IndexedSpan,
  type KeyGroups,
  LogIndex,
  heightsByKey,
  intersectGroups,
  unionSorted,
} from './log-index';

export interface RedisLogIndexOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
}

// KEYS: span hash. ARGV: from, to, anchor. The span after, as {low, high, anchor}: log-index.ts' widenSpan.
const WIDEN = `
local low = redis.call('HGET', KEYS[1], 'low')
if not low then
  redis.call('HSET', KEYS[1], 'low', ARGV[1], 'high', ARGV[2], 'anchor', ARGV[3])
  return {ARGV[1], ARGV[2], ARGV[3]}
end
local high = redis.call('HGET', KEYS[1], 'high')
local anchor = redis.call('HGET', KEYS[1], 'anchor')
local l, h, f, t = tonumber(low), tonumber(high), tonumber(ARGV[1]), tonumber(ARGV[2])
if f <= h + 1 and t >= l - 1 then
  if f < l then low = ARGV[1] end
  if t > h then high = ARGV[2] end
  redis.call('HSET', KEYS[1], 'low', low, 'high', high)
end
return {low, high, anchor}`;

/** Keys deleted per UNLINK while clearing. */
const CLEAR_BATCH = 500;

export class RedisLogIndex extends LogIndex {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    options: RedisLogIndexOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:logidx`;
  }

  async span(): Promise<IndexedSpan | null> {
    return spanOf(await this.redis.hmget(this.spanKey(), 'low', 'high', 'anchor'));
  }

  async record(
    from: bigint,
    to: bigint,
    blocks: readonly IndexedBlock[],
    anchor: string,
  ): Promise<IndexedSpan | null> {
    const transaction = this.redis.multi();
    for (const [key, heights] of heightsByKey(blocks)) {
      // Each height is both the score and the member.
      transaction.zadd(this.entryKey(key), ...heights.flatMap((height) => [String(height), String(height)]));
    }
    transaction.eval(WIDEN, 1, this.spanKey(), from.toString(), to.toString(), anchor);
    const results = await transaction.exec();
    const widened = results?.[results.length - 1];
    if (widened === undefined || widened[0] !== null)
      throw widened?.[0] ?? new Error('log index: MULTI aborted');
    return spanOf(widened[1] as (string | null)[]);
  }

  async lookup(groups: KeyGroups, from: bigint, to: bigint): Promise<IndexLookup> {
    const pipeline = this.redis.pipeline();
    // The span first: it only ever widens after its entries are written, so entries read after it are complete.
    pipeline.hmget(this.spanKey(), 'low', 'high', 'anchor');
    const keys = groups.flat();
    for (const key of keys) pipeline.zrangebyscore(this.entryKey(key), from.toString(), to.toString());
    const results = (await pipeline.exec()) ?? [];
    for (const [error] of results) if (error !== null) throw error;
    const span = spanOf(results[0]![1] as (string | null)[]);
    if (span === null || to < span.low || from > span.high) return { span, heights: [] };
    const inSpan = (height: bigint): boolean => height >= span.low && height <= span.high;
    const heightsByKey = new Map<string, bigint[]>();
    keys.forEach((key, at) => {
      const members = results[at + 1]![1] as string[];
      heightsByKey.set(key, members.map(BigInt).filter(inSpan));
    });
    const perGroup = groups.map((group) => unionSorted(group.map((key) => heightsByKey.get(key)!)));
    return { span, heights: intersectGroups(perGroup) };
  }

  async clear(): Promise<void> {
    // The span goes first: entries deleted batch by batch under a span still claiming them would make a
    // lookup meanwhile answer "no logs" where there are some (a scan answers instead while there is no span).
    await this.redis.unlink(this.spanKey());
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}:*`, 'COUNT', CLEAR_BATCH);
      if (keys.length > 0) await this.redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  private spanKey(): string {
    return `${this.prefix}:span`;
  }

  private entryKey(key: string): string {
    return `${this.prefix}:k:${key}`;
  }
}

function spanOf(fields: readonly (string | null)[]): IndexedSpan | null {
  const [low, high, anchor] = fields;
  if (low === null || low === undefined || high === null || high === undefined) return null;
  return { low: BigInt(low), high: BigInt(high), anchor: anchor ?? '' };
}

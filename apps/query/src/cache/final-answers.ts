// Answers pinned to a committed height. CometBFT has instant finality: a committed block and the state after
// it never change, so an answer read at one (a balance, a slot, a nonce, code, a call's return data, a gas
// estimate, the logs of a committed range) holds until it is evicted. Bounded by an estimate of the bytes kept (key and answer);
// only successes are kept, so an engine that was unavailable, or a call that failed, is asked again.
import { type CacheStats, LruCache } from '@photon/engine-client';

/** The default bound of the answers kept, in estimated bytes. */
export const FINAL_ANSWERS_BYTES = 32 * 1024 * 1024;
/**
 * What an entry costs beyond its key's and answer's characters: the LRU's Map entry, the strings' headers,
 * the wrapper. Measured: 50,000 eth_call answers with 243-character keys took 841 bytes each of heap.
 */
const ENTRY_OVERHEAD_BYTES = 500;

interface Kept {
  readonly answer: unknown;
  readonly bytes: number;
}

export class FinalAnswers {
  private readonly cache: LruCache<string, Kept>;

  constructor(capacityBytes = FINAL_ANSWERS_BYTES) {
    this.cache = new LruCache<string, Kept>(capacityBytes, (kept) => kept.bytes);
  }

  /**
   * The answer for `key` at the committed `height`, loaded once while it stays cached; `bytesOf` weighs
   * an answer whose size a generic estimate would misjudge or take long to find (a list of logs).
   */
  async get<T>(
    height: bigint,
    key: string,
    load: () => Promise<T>,
    bytesOf: (answer: T) => number = approximateBytes,
  ): Promise<T> {
    const pinned = `${height}|${key}`;
    const kept = await this.cache.getOrLoad(pinned, async () => {
      const answer = await load();
      return { answer, bytes: ENTRY_OVERHEAD_BYTES + pinned.length + bytesOf(answer) };
    });
    return kept!.answer as T;
  }

  stats(): CacheStats {
    return this.cache.stats();
  }
}

/** About what `value` costs in memory: enough to bound the cache, not an exact count. */
function approximateBytes(value: unknown): number {
  switch (typeof value) {
    case 'string':
      return 16 + value.length;
    case 'bigint':
      return 32;
    case 'object':
      return value === null
        ? 8
        : 64 +
            JSON.stringify(value, (_, inner: unknown) =>
              typeof inner === 'bigint' ? inner.toString() : inner,
            ).length;
    default:
      return 16;
  }
}

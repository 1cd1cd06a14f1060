// The cluster's rate-limit counter: one key per bucket with the window as its TTL, read, checked and
// added to by one script, so every gateway shares the count in a single round trip per request.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimitCounter, type RateLimitTake } from './rate-limit-counter';

export interface RedisRateLimitCounterOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
  /**
   * Longest wait for Redis (default 500 ms): a take that is not answered by then fails, so a Redis
   * that hangs costs a request this much and no more. A connection that is not up fails at once.
   */
  readonly timeoutMs?: number;
}

// KEYS: the bucket. ARGV: cost, limit, window ms. Returns {allowed (0/1), used, ms left in the window}.
const TAKE = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
local cost = tonumber(ARGV[1])
if used + cost > tonumber(ARGV[2]) then
  if ttl < 0 then ttl = tonumber(ARGV[3]) end
  return {0, used, ttl}
end
used = redis.call('INCRBY', KEYS[1], cost)
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
  ttl = tonumber(ARGV[3])
end
return {1, used, ttl}`;
const TAKE_SHA = createHash('sha1').update(TAKE).digest('hex');

export class RedisRateLimitCounter extends RateLimitCounter {
  private readonly prefix: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly redis: Redis,
    options: RedisRateLimitCounterOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:ratelimit`;
    this.timeoutMs = options.timeoutMs ?? 500;
  }

  async take(bucket: string, cost: number, limit: number, windowMs: number): Promise<RateLimitTake> {
    if (this.redis.status !== 'ready') throw new Error(`Redis is not connected (${this.redis.status})`);
    const key = `${this.prefix}:${bucket}`;
    const reply = await withTimeout(this.run(key, cost, limit, windowMs), this.timeoutMs);
    const [allowed, used, resetMs] = reply as [number, number, number];
    return { allowed: allowed === 1, used, resetMs };
  }

  /** EVALSHA, and EVAL once when this Redis has not seen the script yet (first use, restart). */
  private async run(key: string, cost: number, limit: number, windowMs: number): Promise<unknown> {
    try {
      return await this.redis.evalsha(TAKE_SHA, 1, key, cost, limit, windowMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(TAKE, 1, key, cost, limit, windowMs);
    }
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

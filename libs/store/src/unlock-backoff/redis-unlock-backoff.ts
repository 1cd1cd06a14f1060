// The cluster's passphrase-attempt backoff: per key, a failure counter whose TTL is the window and
// a refusal marker whose TTL is the delay, changed by Lua scripts so that replicas taking attempts
// at once never let more through than the policy allows.
import type { Redis } from 'ioredis';
import { DEFAULT_UNLOCK_BACKOFF, UnlockBackoff, type UnlockBackoffPolicy } from './unlock-backoff';

export interface RedisUnlockBackoffOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
  readonly policy?: UnlockBackoffPolicy;
}

// KEYS: counter and marker of each key, in pairs. ARGV: failures, base delay, max delay, window (ms).
// The delay is backoffDelayMs's: base * 2^(count - failures), capped.
const BEGIN = `
local wait = 0
for i = 2, #KEYS, 2 do
  local ttl = redis.call('PTTL', KEYS[i])
  if ttl > wait then wait = ttl end
end
if wait > 0 then return wait end
local failures = tonumber(ARGV[1])
for i = 1, #KEYS, 2 do
  local count = redis.call('INCR', KEYS[i])
  redis.call('PEXPIRE', KEYS[i], ARGV[4])
  local over = count - failures
  if over >= 0 then
    local delay = tonumber(ARGV[3])
    if over < 40 then delay = math.min(delay, tonumber(ARGV[2]) * 2 ^ over) end
    redis.call('SET', KEYS[i + 1], '1', 'PX', string.format('%d', delay))
  end
end
return 0`;

// KEYS: counter and marker of each key, in pairs. ARGV: failures. Gives one attempt back.
const GIVE_BACK = `
for i = 1, #KEYS, 2 do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count > 0 then count = redis.call('DECR', KEYS[i]) end
  if count < tonumber(ARGV[1]) then redis.call('DEL', KEYS[i + 1]) end
end
return 0`;

export class RedisUnlockBackoff extends UnlockBackoff {
  private readonly prefix: string;
  private readonly policy: UnlockBackoffPolicy;

  constructor(
    private readonly redis: Redis,
    options: RedisUnlockBackoffOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:unlock-backoff:`;
    this.policy = options.policy ?? DEFAULT_UNLOCK_BACKOFF;
  }

  async begin(keys: readonly string[]): Promise<number> {
    if (this.policy.failures === 0 || keys.length === 0) return 0;
    const { failures, baseDelayMs, maxDelayMs, windowMs } = this.policy;
    const redisKeys = this.pairs(keys);
    return Number(
      await this.redis.eval(
        BEGIN,
        redisKeys.length,
        ...redisKeys,
        failures,
        baseDelayMs,
        maxDelayMs,
        windowMs,
      ),
    );
  }

  async succeeded(account: string, others: readonly string[]): Promise<void> {
    if (this.policy.failures === 0) return;
    await this.redis.del(...this.pairs([account]));
    await this.cancelled(others);
  }

  async cancelled(keys: readonly string[]): Promise<void> {
    if (this.policy.failures === 0 || keys.length === 0) return;
    const redisKeys = this.pairs(keys);
    await this.redis.eval(GIVE_BACK, redisKeys.length, ...redisKeys, this.policy.failures);
  }

  private pairs(keys: readonly string[]): string[] {
    return keys.flatMap((key) => [`${this.prefix}${key}:failures`, `${this.prefix}${key}:refused`]);
  }
}

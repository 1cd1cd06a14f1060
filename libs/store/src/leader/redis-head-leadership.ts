// The cluster's head leadership: the lease is a key holding its holder (SET NX PX), the fencing token a
// counter raised on each taking, the published height a key moved only by the current token's holder.
import type { Redis } from 'ioredis';
import { HeadLeadership } from './head-leadership';

export interface RedisHeadLeadershipOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
}

// KEYS: lease, fence. ARGV: holder, lease ms. The token while `holder` leads, else -1.
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if current == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return tonumber(redis.call('GET', KEYS[2]) or '0')
end
if current then return -1 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return redis.call('INCR', KEYS[2])`;

// KEYS: fence, published. ARGV: fence, height (decimal). 1 when recorded, 0 when the fence is stale.
const MARK = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local stored = redis.call('GET', KEYS[2])
local next = ARGV[2]
if stored and (#stored > #next or (#stored == #next and stored > next)) then next = stored end
redis.call('SET', KEYS[2], next)
return 1`;

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

export class RedisHeadLeadership extends HeadLeadership {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    options: RedisHeadLeadershipOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:heads`;
  }

  async claim(holder: string, leaseMs: number): Promise<number | null> {
    const token = await this.redis.eval(CLAIM, 2, this.key('lease'), this.key('fence'), holder, leaseMs);
    return typeof token === 'number' && token >= 0 ? token : null;
  }

  async published(): Promise<bigint | undefined> {
    const height = await this.redis.get(this.key('published'));
    return height === null ? undefined : BigInt(height);
  }

  async markPublished(height: bigint, fence: number): Promise<boolean> {
    const recorded = await this.redis.eval(
      MARK,
      2,
      this.key('fence'),
      this.key('published'),
      fence,
      height.toString(),
    );
    return recorded === 1;
  }

  async release(holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key('lease'), holder);
  }

  private key(name: string): string {
    return `${this.prefix}:${name}`;
  }
}

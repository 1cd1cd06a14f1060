// The cluster's unlock-session store: Redis is the single source of truth, read on every call, so
// a lock or an expiry is seen by every keystore replica at once. A timed session is a key whose
// TTL is the unlock duration. A session "until the tier stops" cannot have a TTL of its own, so it
// holds a lease (30 s) that every running keystore replica renews; when the last replica stops or
// dies, nobody renews it and it ends within one lease.
import type { Redis } from 'ioredis';
import type { KeyWrapper } from './key-wrap';
import { UNTIL_TIER_STOPS, UnlockSessionStore, sessionAddress } from './unlock-session-store';

export interface RedisUnlockStoreOptions {
  /** Namespaces this tier's keys (the bus prefix), so tiers and tests can share one Redis. */
  readonly prefix: string;
  /** Lease of sessions that last until the tier stops (default 30 s), renewed every third of it. */
  readonly leaseMs?: number;
  /** A failed lease renewal (Redis down); the next one retries. */
  readonly onError?: (message: string) => void;
}

const DEFAULT_LEASE_MS = 30_000;

// KEYS: the session, the set of sessions that last until the tier stops.
// ARGV: wrapped key, duration ms (0 = until the tier stops), address, lease ms.
// Every unlock writes the newest wrap (the KEK of the replica that just checked the passphrase) and
// starts a full lease or TTL: a session left by replicas that died holds only what remains of their
// lease, and keeping it would take a fresh unlock at start with it when it lapses.
// An address unlocked until the tier stops stays so: a timed unlock does not shorten it (geth's
// TimedUnlock); it renews the lease instead.
const UNLOCK = `
if ARGV[2] == '0' or (redis.call('SISMEMBER', KEYS[2], ARGV[3]) == 1 and redis.call('EXISTS', KEYS[1]) == 1) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[4])
  redis.call('SADD', KEYS[2], ARGV[3])
  return 0
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('SREM', KEYS[2], ARGV[3])
return 1`;

// KEYS: the set of sessions that last until the tier stops. ARGV: session key prefix, lease ms.
// PEXPIRE never revives a locked (deleted) session; such members leave the set.
const RENEW = `
local renewed = 0
for _, address in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('PEXPIRE', ARGV[1] .. address, ARGV[2]) == 1 then
    renewed = renewed + 1
  else
    redis.call('SREM', KEYS[1], address)
  end
end
return renewed`;

export class RedisUnlockStore extends UnlockSessionStore {
  private readonly sessionPrefix: string;
  private readonly untilStopKey: string;
  private readonly leaseMs: number;
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly wrapper: KeyWrapper,
    options: RedisUnlockStoreOptions,
  ) {
    super();
    this.sessionPrefix = `${options.prefix}:unlock:`;
    this.untilStopKey = `${options.prefix}:unlock-until-stop`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.renewal = setInterval(
      () => {
        this.renew().catch((error: unknown) =>
          options.onError?.(
            `unlock lease renewal failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
        );
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    this.renewal.unref();
  }

  async unlock(address: string, privateKey: Uint8Array, durationMs: number): Promise<void> {
    const key = sessionAddress(address);
    const wrapped = this.wrapper.wrap(privateKey, key);
    const ttl = durationMs === UNTIL_TIER_STOPS ? '0' : String(durationMs);
    await this.redis.eval(
      UNLOCK,
      2,
      this.sessionPrefix + key,
      this.untilStopKey,
      wrapped,
      ttl,
      key,
      this.leaseMs,
    );
  }

  async privateKey(address: string): Promise<Uint8Array | undefined> {
    const key = sessionAddress(address);
    const wrapped = await this.redis.getBuffer(this.sessionPrefix + key);
    return wrapped === null ? undefined : this.wrapper.unwrap(wrapped, key);
  }

  async lock(address: string): Promise<void> {
    const key = sessionAddress(address);
    await this.redis
      .multi()
      .del(this.sessionPrefix + key)
      .srem(this.untilStopKey, key)
      .exec();
  }

  /** Renews the lease of every session that lasts until the tier stops; returns how many. */
  async renew(): Promise<number> {
    return Number(await this.redis.eval(RENEW, 1, this.untilStopKey, this.sessionPrefix, this.leaseMs));
  }

  /**
   * Stops renewing. The sessions stay for the other replicas; once none renews them, the ones
   * that last until the tier stops end within a lease. The Redis connection belongs to the caller.
   */
  close(): Promise<void> {
    clearInterval(this.renewal);
    return Promise.resolve();
  }
}

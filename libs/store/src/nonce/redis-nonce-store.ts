// The cluster's nonce store: a per-sender lease (SET NX PX with a random token, renewed while the send
// runs, released only by its holder) and a next-nonce key with an idle TTL, so a stale record heals.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { NONCE_IDLE_MS, NonceStore, nonceAddress } from './nonce-store';

export interface RedisNonceStoreOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
  /** Lease of a sender (default 10 s), renewed every third of it while the send runs. */
  readonly leaseMs?: number;
  /** Idle TTL of the next-nonce record (default 60 s). */
  readonly idleMs?: number;
  /** Wait between tries to take a held lease (default 5 ms). */
  readonly retryMs?: number;
}

// KEYS: the lease. ARGV: token, lease ms. Renews or releases only the holder's lease.
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
// KEYS: the next-nonce record. ARGV: candidate next nonce (decimal), idle ms. Never lowers it.
const ADVANCE = `
local stored = redis.call('GET', KEYS[1])
local next = ARGV[1]
if stored and (#stored > #next or (#stored == #next and stored > next)) then next = stored end
redis.call('SET', KEYS[1], next, 'PX', ARGV[2])
return next`;

export class RedisNonceStore extends NonceStore {
  private readonly prefix: string;
  private readonly leaseMs: number;
  private readonly idleMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly redis: Redis,
    options: RedisNonceStoreOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:nonce`;
    this.leaseMs = options.leaseMs ?? 10_000;
    this.idleMs = options.idleMs ?? NONCE_IDLE_MS;
    this.retryMs = options.retryMs ?? 5;
  }

  async withSender<T>(address: string, task: () => Promise<T>): Promise<T> {
    const key = `${this.prefix}:lease:${nonceAddress(address)}`;
    const token = randomUUID();
    while ((await this.redis.set(key, token, 'PX', this.leaseMs, 'NX')) !== 'OK') {
      await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
    const renewal = setInterval(
      () => void this.redis.eval(RENEW, 1, key, token, this.leaseMs).catch(() => undefined),
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    renewal.unref();
    try {
      return await task();
    } finally {
      clearInterval(renewal);
      await this.redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }

  async next(address: string, enginePending: bigint): Promise<bigint> {
    const stored = await this.redis.get(`${this.prefix}:next:${nonceAddress(address)}`);
    const live = stored === null ? 0n : BigInt(stored);
    return live > enginePending ? live : enginePending;
  }

  async advance(address: string, used: bigint): Promise<void> {
    const key = `${this.prefix}:next:${nonceAddress(address)}`;
    await this.redis.eval(ADVANCE, 1, key, (used + 1n).toString(), this.idleMs);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

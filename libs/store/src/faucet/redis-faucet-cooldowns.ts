// The cluster's faucet cooldowns: one Redis key per address or client, holding the token of the request
// that took it, with the hold or the cooldown as its TTL. Reserve, commit and release are Lua scripts,
// so two replicas serving one address at once never both send.
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { FaucetCooldowns, type FaucetReservation, type ReserveOutcome } from './faucet-cooldowns';

export interface RedisFaucetCooldownsOptions {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
}

// KEYS: the records. ARGV: token, hold ms. Returns 0 when every key was taken, else the longest wait (ms).
const RESERVE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local ttl = redis.call('PTTL', key)
  if ttl == -1 then ttl = 1 end
  if ttl > wait then wait = ttl end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do redis.call('SET', key, ARGV[1], 'PX', ARGV[2]) end
return 0`;
// KEYS: the records. ARGV: token, cooldown ms. Extends only this request's records.
const COMMIT = `
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('SET', key, ARGV[1], 'PX', ARGV[2]) end
end
return 0`;
// KEYS: the records. ARGV: token. Deletes only this request's records.
const RELEASE = `
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then redis.call('DEL', key) end
end
return 0`;

export class RedisFaucetCooldowns extends FaucetCooldowns {
  private readonly prefix: string;

  constructor(
    private readonly redis: Redis,
    options: RedisFaucetCooldownsOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:faucet:`;
  }

  async reserve(keys: readonly string[], holdMs: number): Promise<ReserveOutcome> {
    const token = randomUUID();
    const wait = Number(await this.redis.eval(RESERVE, keys.length, ...this.keysOf(keys), token, holdMs));
    return wait === 0
      ? { reserved: true, reservation: { keys: [...keys], token } }
      : { reserved: false, retryAfterMs: wait };
  }

  async commit(reservation: FaucetReservation, cooldownMs: number): Promise<void> {
    const keys = this.keysOf(reservation.keys);
    await this.redis.eval(COMMIT, keys.length, ...keys, reservation.token, cooldownMs);
  }

  async release(reservation: FaucetReservation): Promise<void> {
    const keys = this.keysOf(reservation.keys);
    await this.redis.eval(RELEASE, keys.length, ...keys, reservation.token);
  }

  private keysOf(keys: readonly string[]): string[] {
    return keys.map((key) => this.prefix + key);
  }
}

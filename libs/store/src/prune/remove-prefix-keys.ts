// Removes every Redis key a tier keeps under its prefix: each store names its keys `<prefix>:…` (unlock
// sessions, backoff, nonces, accepted txs, filters, the head lock, the log index, faucet cooldowns, rate
// limits), and a prefix has no ':' of its own, so `<prefix>:*` matches this tier's keys and no other's.
import type { Redis } from 'ioredis';

const SCAN_COUNT = 500;

/** Deletes the keys of `prefix` (SCAN, then UNLINK in batches, never KEYS); how many were removed. */
export async function removePrefixKeys(redis: Redis, prefix: string): Promise<number> {
  if (prefix.includes(':') || /[*?[\]\\]/.test(prefix)) throw new Error(`"${prefix}" is not a bus prefix`);
  let removed = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', SCAN_COUNT);
    if (keys.length > 0) removed += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return removed;
}

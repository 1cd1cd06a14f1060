// The cluster's accepted-tx record, shared by every tx and query replica: one string per tx (its JSON,
// expiring with the maximum age), a sorted set of hashes by arrival time and one per sender by nonce.
// Members whose tx string is gone (aged out, trimmed) are dropped from the sets when a read meets them.
// A tx's refusals at rebroadcast count in a key of its own that expires with it; the rebroadcast turn is
// a key SET NX with the turn's length.
import type { Redis } from 'ioredis';
import {
  ACCEPTED_TX_MAX_AGE_MS,
  ACCEPTED_TX_MAX_RECORDS,
  type AcceptedTx,
  AcceptedTxStore,
  acceptedKey,
} from './accepted-tx-store';
import type { AcceptedTxStoreLimits } from './memory-accepted-tx-store';

export interface RedisAcceptedTxStoreOptions extends AcceptedTxStoreLimits {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
}

// KEYS: the tx string, the arrival set, the sender's set. ARGV: hash, JSON, nonce, accepted at, max age
// ms, max records, the prefix of tx strings. One script, so a replacement and the trim are atomic.
const ADD = `
local replaced = redis.call('ZRANGEBYSCORE', KEYS[3], ARGV[3], ARGV[3])
for _, hash in ipairs(replaced) do
  if hash ~= ARGV[1] then
    redis.call('DEL', ARGV[7] .. hash)
    redis.call('ZREM', KEYS[2], hash)
    redis.call('ZREM', KEYS[3], hash)
  end
end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[5])
redis.call('ZADD', KEYS[2], ARGV[4], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[5])
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[6])
if excess > 0 then
  for _, hash in ipairs(redis.call('ZRANGE', KEYS[2], 0, excess - 1)) do
    redis.call('DEL', ARGV[7] .. hash)
  end
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, excess - 1)
end
return 1`;

// KEYS: a tx's refusal count. ARGV: its lifetime ms.
const REFUSED = `local n = redis.call('INCR', KEYS[1]) redis.call('PEXPIRE', KEYS[1], ARGV[1]) return n`;

/** MGET in slices of this many keys. */
const READ_SLICE = 1_000;

interface StoredTx {
  hash: string;
  sender: string;
  nonce: string;
  raw: string;
  acceptedAtMs: number;
}

export class RedisAcceptedTxStore extends AcceptedTxStore {
  private readonly prefix: string;
  private readonly maxAgeMs: number;
  private readonly maxRecords: number;

  constructor(
    private readonly redis: Redis,
    options: RedisAcceptedTxStoreOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:accepted`;
    this.maxAgeMs = options.maxAgeMs ?? ACCEPTED_TX_MAX_AGE_MS;
    this.maxRecords = options.maxRecords ?? ACCEPTED_TX_MAX_RECORDS;
  }

  async add(tx: AcceptedTx): Promise<void> {
    const hash = acceptedKey(tx.hash);
    const sender = acceptedKey(tx.sender);
    const stored: StoredTx = {
      hash,
      sender,
      nonce: tx.nonce.toString(),
      raw: tx.raw,
      acceptedAtMs: tx.acceptedAtMs,
    };
    await this.redis.eval(
      ADD,
      3,
      this.txKey(hash),
      this.arrivalKey(),
      this.senderKey(sender),
      hash,
      JSON.stringify(stored),
      stored.nonce,
      tx.acceptedAtMs,
      this.maxAgeMs,
      this.maxRecords,
      `${this.prefix}:tx:`,
    );
  }

  async get(hash: string): Promise<AcceptedTx | null> {
    const json = await this.redis.get(this.txKey(acceptedKey(hash)));
    const tx = json === null ? null : parse(json);
    return tx !== null && this.fresh(tx) ? tx : null;
  }

  async forSender(sender: string): Promise<AcceptedTx[]> {
    const key = this.senderKey(acceptedKey(sender));
    const hashes = await this.redis.zrange(key, 0, -1);
    return this.read(hashes, key);
  }

  async list(): Promise<AcceptedTx[]> {
    const key = this.arrivalKey();
    await this.redis.zremrangebyscore(key, '-inf', `(${Date.now() - this.maxAgeMs}`);
    return this.read(await this.redis.zrange(key, 0, -1), key);
  }

  async remove(hashes: readonly string[]): Promise<void> {
    if (hashes.length === 0) return;
    const keys = hashes.map((hash) => acceptedKey(hash));
    const found = await this.read(keys);
    const batch = this.redis.multi();
    batch.del(...keys.map((hash) => this.txKey(hash)));
    batch.del(...keys.map((hash) => this.refusalsKey(hash)));
    batch.zrem(this.arrivalKey(), ...keys);
    for (const tx of found) batch.zrem(this.senderKey(tx.sender), tx.hash);
    await batch.exec();
  }

  async refused(hash: string): Promise<number> {
    const key = this.refusalsKey(acceptedKey(hash));
    return Number(await this.redis.eval(REFUSED, 1, key, this.maxAgeMs));
  }

  async takeTurn(turnMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}:turn`, '1', 'PX', Math.max(1, turnMs), 'NX')) === 'OK';
  }

  /** The records of `hashes` in that order; hashes whose record is gone leave `set` (when given). */
  private async read(hashes: readonly string[], set?: string): Promise<AcceptedTx[]> {
    const records: AcceptedTx[] = [];
    const gone: string[] = [];
    for (let start = 0; start < hashes.length; start += READ_SLICE) {
      const slice = hashes.slice(start, start + READ_SLICE);
      const values = await this.redis.mget(...slice.map((hash) => this.txKey(hash)));
      values.forEach((json, index) => {
        const tx = json === null ? null : parse(json);
        if (tx !== null && this.fresh(tx)) records.push(tx);
        else gone.push(slice[index] as string);
      });
    }
    if (set !== undefined && gone.length > 0) await this.redis.zrem(set, ...gone);
    return records;
  }

  private fresh(tx: AcceptedTx): boolean {
    return tx.acceptedAtMs >= Date.now() - this.maxAgeMs;
  }

  private txKey(hash: string): string {
    return `${this.prefix}:tx:${hash}`;
  }

  private refusalsKey(hash: string): string {
    return `${this.prefix}:refusals:${hash}`;
  }

  private arrivalKey(): string {
    return `${this.prefix}:arrival`;
  }

  private senderKey(sender: string): string {
    return `${this.prefix}:sender:${sender}`;
  }
}

function parse(json: string): AcceptedTx {
  const stored = JSON.parse(json) as StoredTx;
  return { ...stored, nonce: BigInt(stored.nonce) };
}

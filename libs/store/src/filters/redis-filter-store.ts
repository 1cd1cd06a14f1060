// The cluster's filter store: one hash per filter (kind, criteria, cursor, client, bytes) expiring with the
// filter timeout, and sorted sets of live ids by deadline, for the tier and per client, that the caps count
// (the criteria bytes of a client are summed over its live filters' hashes).
// Install, advance, propose, confirm and uninstall are scripts, so a cap check and its insert, or a cursor's
// compare and swap, are one step for every replica. A proposed cursor is two more fields of the hash
// (`proposed`, `poll`); `confirmed` lists the last polls confirmed.
import type { Redis } from 'ioredis';
import {
  CONFIRMED_POLLS_KEPT,
  DEFAULT_FILTER_CAPS,
  FILTER_TIMEOUT_MS,
  type FilterCaps,
  FilterCapError,
  type FilterConfirmation,
  type FilterKind,
  type FilterRecord,
  FilterStore,
  filterKey,
} from './filter-store';
import type { FilterStoreSettings } from './memory-filter-store';

export interface RedisFilterStoreOptions extends FilterStoreSettings {
  /** Namespaces this tier's keys (the bus prefix). */
  readonly prefix: string;
}

// KEYS: filter hash, tier set, client set. ARGV: id, now, deadline, timeout ms, tier cap, client cap, kind,
// criteria JSON, cursor, client, criteria bytes, client criteria bytes cap (-1: none), filter hash prefix.
const INSTALL = `
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', ARGV[2])
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return -1 end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[6]) then return -2 end
local cap = tonumber(ARGV[12])
if cap >= 0 then
  local bytes = tonumber(ARGV[11])
  for _, id in ipairs(redis.call('ZRANGE', KEYS[3], 0, -1)) do
    bytes = bytes + (tonumber(redis.call('HGET', ARGV[13] .. id, 'bytes')) or 0)
  end
  if bytes > cap then return -3 end
end
redis.call('HSET', KEYS[1], 'kind', ARGV[7], 'criteria', ARGV[8], 'cursor', ARGV[9], 'client', ARGV[10], 'bytes', ARGV[11])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
redis.call('PEXPIRE', KEYS[3], ARGV[4])
return 1`;

// KEYS: filter hash, tier set. ARGV: expected cursor, new cursor, timeout ms, deadline, id, client set prefix,
// and for a proposal the poll (the cursor field is then left alone).
const MOVE = `
if redis.call('HGET', KEYS[1], 'cursor') ~= ARGV[1] then return 0 end
if ARGV[7] then
  redis.call('HSET', KEYS[1], 'proposed', ARGV[2], 'poll', ARGV[7])
else
  redis.call('HSET', KEYS[1], 'cursor', ARGV[2])
  redis.call('HDEL', KEYS[1], 'proposed', 'poll')
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('ZADD', KEYS[2], 'XX', ARGV[4], ARGV[5])
local client = ARGV[6] .. redis.call('HGET', KEYS[1], 'client')
redis.call('ZADD', client, 'XX', ARGV[4], ARGV[5])
redis.call('PEXPIRE', client, ARGV[3])
return 1`;

// KEYS: filter hash. ARGV: poll, how many confirmed polls to remember. 1 confirmed, 0 superseded, -1 gone.
// The last confirmed polls are kept (space-separated, newest first) so a confirmation sent again answers 1.
const CONFIRM = `
local fields = redis.call('HMGET', KEYS[1], 'kind', 'poll', 'proposed', 'confirmed')
if not fields[1] then return -1 end
local confirmed = fields[4] or ''
if fields[2] ~= ARGV[1] then
  for word in string.gmatch(confirmed, '%S+') do
    if word == ARGV[1] then return 1 end
  end
  return 0
end
local kept, count = ARGV[1], 1
for word in string.gmatch(confirmed, '%S+') do
  if count < tonumber(ARGV[2]) then kept = kept .. ' ' .. word; count = count + 1 end
end
redis.call('HSET', KEYS[1], 'cursor', fields[3], 'confirmed', kept)
redis.call('HDEL', KEYS[1], 'proposed', 'poll')
return 1`;

// KEYS: filter hash, tier set. ARGV: id, client set prefix.
const UNINSTALL = `
local client = redis.call('HGET', KEYS[1], 'client')
if not client then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', ARGV[2] .. client, ARGV[1])
return 1`;

export class RedisFilterStore extends FilterStore {
  private readonly prefix: string;
  private readonly timeoutMs: number;
  private readonly caps: FilterCaps;

  constructor(
    private readonly redis: Redis,
    options: RedisFilterStoreOptions,
  ) {
    super();
    this.prefix = `${options.prefix}:filters`;
    this.timeoutMs = options.timeoutMs ?? FILTER_TIMEOUT_MS;
    this.caps = options.caps ?? DEFAULT_FILTER_CAPS;
  }

  async install(filter: FilterRecord): Promise<void> {
    const id = filterKey(filter.id);
    const now = Date.now();
    const outcome = await this.redis.eval(
      INSTALL,
      3,
      this.filterKey(id),
      this.tierKey(),
      this.clientKey(filter.client),
      id,
      now,
      now + this.timeoutMs,
      this.timeoutMs,
      this.caps.perTier,
      this.caps.perClient,
      filter.kind,
      filter.criteria === undefined ? '' : JSON.stringify(filter.criteria),
      filter.cursor,
      filter.client,
      filter.criteriaBytes ?? 0,
      this.caps.criteriaBytesPerClient ?? -1,
      this.filterKey(''),
    );
    if (outcome === -1) throw new FilterCapError('tier', this.caps.perTier);
    if (outcome === -2) throw new FilterCapError('client', this.caps.perClient);
    if (outcome === -3) throw new FilterCapError('client-bytes', this.caps.criteriaBytesPerClient ?? 0);
  }

  async get(id: string): Promise<FilterRecord | null> {
    const key = filterKey(id);
    const fields = await this.redis.hgetall(this.filterKey(key));
    if (fields['kind'] === undefined || fields['cursor'] === undefined) return null;
    const criteria = fields['criteria'];
    const criteriaBytes = Number(fields['bytes'] ?? 0);
    return {
      id: key,
      kind: fields['kind'] as FilterKind,
      cursor: fields['cursor'],
      client: fields['client'] ?? '',
      ...(criteriaBytes > 0 ? { criteriaBytes } : {}),
      ...(criteria === undefined || criteria === '' ? {} : { criteria: JSON.parse(criteria) as unknown }),
    };
  }

  advance(id: string, from: string, to: string): Promise<boolean> {
    return this.move(id, from, to);
  }

  propose(id: string, from: string, to: string, poll: string): Promise<boolean> {
    return this.move(id, from, to, poll);
  }

  async confirm(id: string, poll: string): Promise<FilterConfirmation> {
    const outcome = await this.redis.eval(
      CONFIRM,
      1,
      this.filterKey(filterKey(id)),
      poll,
      CONFIRMED_POLLS_KEPT,
    );
    return outcome === 1 ? 'confirmed' : outcome === 0 ? 'superseded' : 'gone';
  }

  private async move(id: string, from: string, to: string, poll?: string): Promise<boolean> {
    const key = filterKey(id);
    const moved = await this.redis.eval(
      MOVE,
      2,
      this.filterKey(key),
      this.tierKey(),
      from,
      to,
      this.timeoutMs,
      Date.now() + this.timeoutMs,
      key,
      this.clientKey(''),
      ...(poll === undefined ? [] : [poll]),
    );
    return moved === 1;
  }

  async uninstall(id: string): Promise<boolean> {
    const key = filterKey(id);
    const removed = await this.redis.eval(
      UNINSTALL,
      2,
      this.filterKey(key),
      this.tierKey(),
      key,
      this.clientKey(''),
    );
    return removed === 1;
  }

  async count(): Promise<number> {
    await this.redis.zremrangebyscore(this.tierKey(), '-inf', Date.now());
    return this.redis.zcard(this.tierKey());
  }

  private filterKey(id: string): string {
    return `${this.prefix}:filter:${id}`;
  }

  private tierKey(): string {
    return `${this.prefix}:live`;
  }

  /** With '' the prefix the scripts complete with the filter's client. */
  private clientKey(client: string): string {
    return `${this.prefix}:client:${client}`;
  }
}

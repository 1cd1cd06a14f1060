// The unlock-session contract, run against both implementations: the in-memory store of
// `photon start` and the Redis store of the cluster (the machine's real Redis, a private prefix).
import { randomBusPrefix, testRedisUrl, waitFor } from '@photon/testing';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { connectRedis } from '../redis/connect-redis';
import { KeyWrapper } from './key-wrap';
import { MemoryUnlockStore } from './memory-unlock-store';
import { RedisUnlockStore } from './redis-unlock-store';
import { UNTIL_TIER_STOPS, type UnlockSessionStore } from './unlock-session-store';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const KEY = Uint8Array.from(randomBytes(32));
const OTHER_KEY = Uint8Array.from(randomBytes(32));

interface Harness {
  /** Two views of one tier's sessions: two replicas in Redis, the same map in memory. */
  stores(): Promise<[UnlockSessionStore, UnlockSessionStore]>;
  close(): Promise<void>;
}

function memoryHarness(): Harness {
  const opened: UnlockSessionStore[] = [];
  return {
    stores: () => {
      const store = new MemoryUnlockStore(KeyWrapper.ephemeral());
      opened.push(store);
      return Promise.resolve([store, store]);
    },
    close: async () => {
      await Promise.all(opened.map((store) => store.close()));
    },
  };
}

function redisHarness(): Harness {
  const connections: Redis[] = [];
  const opened: UnlockSessionStore[] = [];
  return {
    stores: async () => {
      const prefix = randomBusPrefix();
      const wrapper = KeyWrapper.ephemeral();
      const make = async () => {
        const redis = await connectRedis(new URL(testRedisUrl()), { name: 'photon-store-spec' });
        connections.push(redis);
        const store = new RedisUnlockStore(redis, wrapper, { prefix });
        opened.push(store);
        return store;
      };
      return [await make(), await make()];
    },
    close: async () => {
      await Promise.all(opened.map((store) => store.close()));
      await Promise.all(connections.map((redis) => redis.quit()));
    },
  };
}

describe.each([
  ['MemoryUnlockStore', memoryHarness],
  ['RedisUnlockStore', redisHarness],
])('%s', (_name, makeHarness) => {
  const harness = makeHarness();
  afterAll(() => harness.close());

  it('default: an unlocked address yields its key, under any spelling, on every replica', async () => {
    const [one, two] = await harness.stores();
    expect(await one.privateKey(ADDRESS)).toBeUndefined();
    await one.unlock(ADDRESS, KEY, 60_000);
    expect(await one.privateKey(ADDRESS)).toEqual(KEY);
    expect(await two.privateKey(ADDRESS.toLowerCase())).toEqual(KEY);
  });

  it('behavior: lock through one replica is seen locked by the other at once', async () => {
    const [one, two] = await harness.stores();
    await one.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await two.lock(ADDRESS);
    expect(await one.privateKey(ADDRESS)).toBeUndefined();
    await one.lock(ADDRESS);
  });

  it('behavior: a session ends when its duration is over', async () => {
    const [one, two] = await harness.stores();
    await one.unlock(ADDRESS, KEY, 300);
    expect(await two.privateKey(ADDRESS)).toEqual(KEY);
    await waitFor(async () => (await two.privateKey(ADDRESS)) === undefined, {
      what: 'a 300 ms unlock session to end',
      timeoutMs: 3_000,
      intervalMs: 25,
    });
    expect(await one.privateKey(ADDRESS)).toBeUndefined();
  });

  it('behavior: a timed unlock replaces a timed one', async () => {
    const [one] = await harness.stores();
    await one.unlock(ADDRESS, KEY, 200);
    await one.unlock(ADDRESS, OTHER_KEY, 60_000);
    expect(await one.privateKey(ADDRESS)).toEqual(OTHER_KEY);
  });

  it('behavior: an address unlocked until the tier stops is not shortened by a timed unlock (geth)', async () => {
    const [one, two] = await harness.stores();
    await one.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await two.unlock(ADDRESS, KEY, 1);
    // Well past the timed unlock's 1 ms: a lower bound, not a race.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await one.privateKey(ADDRESS)).toEqual(KEY);
    await two.lock(ADDRESS);
    await two.unlock(ADDRESS, OTHER_KEY, 60_000);
    expect(await one.privateKey(ADDRESS)).toEqual(OTHER_KEY);
  });

  it('behavior: every unlock stores its own wrap, even over a session until the tier stops', async () => {
    const [one, two] = await harness.stores();
    await one.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await two.unlock(ADDRESS, OTHER_KEY, UNTIL_TIER_STOPS);
    expect(await one.privateKey(ADDRESS)).toEqual(OTHER_KEY);
    await one.lock(ADDRESS);
  });
});

describe(MemoryUnlockStore.name, () => {
  it('behavior: expiry follows the clock exactly', async () => {
    let now = 1_000;
    const store = new MemoryUnlockStore(KeyWrapper.ephemeral(), () => now);
    await store.unlock(ADDRESS, KEY, 1_000);
    now = 1_999;
    expect(await store.privateKey(ADDRESS)).toEqual(KEY);
    now = 2_000;
    expect(await store.privateKey(ADDRESS)).toBeUndefined();
    await store.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    now = Number.MAX_SAFE_INTEGER;
    expect(await store.privateKey(ADDRESS)).toEqual(KEY);
  });

  it('behavior: close ends every session', async () => {
    const store = new MemoryUnlockStore(KeyWrapper.ephemeral());
    await store.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await store.close();
    expect(await store.privateKey(ADDRESS)).toBeUndefined();
  });
});

describe(RedisUnlockStore.name, () => {
  let redis: Redis;
  const stores: RedisUnlockStore[] = [];
  beforeAll(async () => {
    redis = await connectRedis(new URL(testRedisUrl()), { name: 'photon-store-spec' });
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await redis.quit();
  });
  const open = (prefix: string, wrapper: KeyWrapper, leaseMs?: number) => {
    const store = new RedisUnlockStore(
      redis,
      wrapper,
      leaseMs === undefined ? { prefix } : { prefix, leaseMs },
    );
    stores.push(store);
    return store;
  };

  it('behavior: Redis holds the key only wrapped, with the duration as its TTL', async () => {
    const prefix = randomBusPrefix();
    const store = open(prefix, KeyWrapper.ephemeral());
    await store.unlock(ADDRESS, KEY, 60_000);
    const key = `${prefix}:unlock:${ADDRESS.toLowerCase()}`;
    const stored = await redis.getBuffer(key);
    expect(stored).not.toBeNull();
    expect(stored!.includes(Buffer.from(KEY))).toBe(false);
    expect(stored!.includes(Buffer.from(Buffer.from(KEY).toString('hex')))).toBe(false);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await store.lock(ADDRESS);
    expect(await redis.exists(key)).toBe(0);
  });

  it('behavior: a session until the tier stops lives while a replica renews its lease, and ends after', async () => {
    const prefix = randomBusPrefix();
    const wrapper = KeyWrapper.ephemeral();
    const replica = open(prefix, wrapper, 600);
    await replica.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    const key = `${prefix}:unlock:${ADDRESS.toLowerCase()}`;
    // Renewals keep it alive well past one lease: checked at every poll for two and a half leases.
    const started = Date.now();
    await waitFor(
      async () => {
        if ((await redis.exists(key)) === 0) throw new Error('the session ended while a replica renewed it');
        return Date.now() - started > 1_500;
      },
      { what: 'two and a half leases of renewals', intervalMs: 50 },
    );
    expect(await replica.privateKey(ADDRESS)).toEqual(KEY);
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    // With no replica renewing (the tier stopped), it ends within a lease.
    await replica.close();
    await waitFor(async () => (await redis.exists(key)) === 0, {
      what: 'the lease to lapse',
      timeoutMs: 3_000,
    });
    expect(await replica.privateKey(ADDRESS)).toBeUndefined();
  });

  it('behavior: an unlock at start holds past the lease a dead replica left behind', async () => {
    // Every keystore restarted at once: the session of the replicas before has only the end of its
    // lease left (150 ms here), and the new replica's first renewal comes a third of its lease later.
    const prefix = randomBusPrefix();
    const key = `${prefix}:unlock:${ADDRESS.toLowerCase()}`;
    const dead = open(prefix, KeyWrapper.ephemeral(), 150);
    await dead.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await dead.close();
    const oldExpiry = Date.now() + 150;
    // Another KEK too (a tier restarted with an ephemeral one): the fresh wrap must be the one kept.
    const fresh = open(prefix, KeyWrapper.ephemeral(), 1_500);
    await fresh.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    expect(await redis.pttl(key)).toBeGreaterThan(1_000);
    await waitFor(
      async () => {
        if ((await redis.exists(key)) === 0) throw new Error('the fresh unlock ended with the old lease');
        return Date.now() > oldExpiry + 2_000;
      },
      { what: 'the old lease to pass and the new one to be renewed', intervalMs: 50, timeoutMs: 10_000 },
    );
    expect(await fresh.privateKey(ADDRESS)).toEqual(KEY);
  });

  it('behavior: a timed unlock of an address unlocked until the tier stops renews its lease', async () => {
    const prefix = randomBusPrefix();
    const key = `${prefix}:unlock:${ADDRESS.toLowerCase()}`;
    const dead = open(prefix, KeyWrapper.ephemeral(), 150);
    await dead.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    await dead.close();
    await open(prefix, KeyWrapper.ephemeral(), 60_000).unlock(ADDRESS, KEY, 300);
    expect(await redis.pttl(key)).toBeGreaterThan(30_000);
    expect(await redis.sismember(`${prefix}:unlock-until-stop`, ADDRESS.toLowerCase())).toBe(1);
  });

  it('behavior: renewal never revives a locked session', async () => {
    const prefix = randomBusPrefix();
    const store = open(prefix, KeyWrapper.ephemeral(), 60_000);
    await store.unlock(ADDRESS, KEY, UNTIL_TIER_STOPS);
    expect(await store.renew()).toBe(1);
    await store.lock(ADDRESS);
    expect(await store.renew()).toBe(0);
    expect(await store.privateKey(ADDRESS)).toBeUndefined();
    expect(await redis.scard(`${prefix}:unlock-until-stop`)).toBe(0);
  });

  it('error: a replica with another KEK cannot use the session', async () => {
    const prefix = randomBusPrefix();
    await open(prefix, KeyWrapper.ephemeral()).unlock(ADDRESS, KEY, 60_000);
    await expect(open(prefix, KeyWrapper.ephemeral()).privateKey(ADDRESS)).rejects.toThrow(
      'do all keystore replicas share one --keystore-kek-file?',
    );
  });
});

describe(connectRedis.name, () => {
  it('error: an unreachable server fails with one line that hides credentials', async () => {
    await expect(connectRedis(new URL('redis://user:hunter2@127.0.0.1:1'), { name: 'x' })).rejects.toThrow(
      /^cannot connect to Redis at redis:\/\/127\.0\.0\.1:1: /,
    );
    await expect(
      connectRedis(new URL('redis://user:hunter2@127.0.0.1:1'), { name: 'x' }),
    ).rejects.not.toThrow(/hunter2/);
  });
});

// Pruning a prefix on the machine's real Redis: its keys go, a neighbouring prefix's stay.
import { randomBusPrefix, testRedisUrl } from '@photon/testing';
import { Redis } from 'ioredis';
import { removePrefixKeys } from './remove-prefix-keys';

describe(removePrefixKeys.name, () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.quit());

  it('default: every key under <prefix>: goes, in batches; a longer prefix sharing its start stays', async () => {
    const prefix = randomBusPrefix();
    const neighbour = `${prefix}x`;
    const keys = Array.from({ length: 1200 }, (_, i) => `${prefix}:filters:filter:${i}`);
    await redis.mset(...keys.flatMap((key) => [key, '1']));
    await redis.set(`${prefix}:heads:leader`, 'a');
    await redis.set(`${neighbour}:heads:leader`, 'b');
    try {
      expect(await removePrefixKeys(redis, prefix)).toBe(1201);
      expect(await redis.keys(`${prefix}:*`)).toEqual([]);
      expect(await redis.get(`${neighbour}:heads:leader`)).toBe('b');
      expect(await removePrefixKeys(redis, prefix)).toBe(0);
    } finally {
      await redis.del(`${neighbour}:heads:leader`);
    }
  });

  it('error: a pattern is not a prefix', async () => {
    await expect(removePrefixKeys(redis, 'a*')).rejects.toThrow('"a*" is not a bus prefix');
  });
});

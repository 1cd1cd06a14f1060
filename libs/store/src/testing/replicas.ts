// Test harness of the store contracts: each spec runs against the in-memory store (`photon start`: one
// process, so both "replicas" are the same object) and the Redis one (the machine's real Redis, two
// connections under one fresh prefix standing for two replicas of the cluster).
import { randomBusPrefix, testRedisUrl } from '@photon/testing';
import type { Redis } from 'ioredis';
import { connectRedis } from '../redis/connect-redis';

export interface Replicas<T, S> {
  /** Two replicas of one tier's store, made with `settings`. */
  pair(settings?: S): Promise<[T, T]>;
  close(): Promise<void>;
}

export type MakeReplicas<T, S> = () => Replicas<T, S>;

export function inMemory<T, S>(make: (settings?: S) => T): MakeReplicas<T, S> {
  return () => ({
    pair: (settings) => {
      const store = make(settings);
      return Promise.resolve([store, store]);
    },
    close: () => Promise.resolve(),
  });
}

export function overRedis<T, S>(
  name: string,
  make: (redis: Redis, prefix: string, settings?: S) => T,
): MakeReplicas<T, S> {
  return () => {
    const connections: Redis[] = [];
    return {
      pair: async (settings) => {
        const prefix = randomBusPrefix();
        const replica = async () => {
          const redis = await connectRedis(new URL(testRedisUrl()), { name });
          connections.push(redis);
          return make(redis, prefix, settings);
        };
        return [await replica(), await replica()];
      },
      close: async () => {
        await Promise.all(connections.map((redis) => redis.quit()));
      },
    };
  };
}

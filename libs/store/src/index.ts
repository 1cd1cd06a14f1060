// Shared state of the tier behind interfaces with an in-memory and a Redis implementation:
// unlock sessions of the keystore, senders' nonces of the tx service (filters and the pending-tx feed
// join later).
export { UNTIL_TIER_STOPS, UnlockSessionStore } from './unlock/unlock-session-store';
export { MemoryUnlockStore } from './unlock/memory-unlock-store';
export { RedisUnlockStore } from './unlock/redis-unlock-store';
export type { RedisUnlockStoreOptions } from './unlock/redis-unlock-store';
export { KeyUnwrapError, KeyWrapper, parseKek } from './unlock/key-wrap';
export { connectRedis } from './redis/connect-redis';
export type { ConnectRedisOptions } from './redis/connect-redis';
export { NONCE_IDLE_MS, NonceStore } from './nonce/nonce-store';
export { MemoryNonceStore } from './nonce/memory-nonce-store';
export { RedisNonceStore } from './nonce/redis-nonce-store';
export type { RedisNonceStoreOptions } from './nonce/redis-nonce-store';

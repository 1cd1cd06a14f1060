// Shared state of the tier behind interfaces with an in-memory and a Redis implementation:
// unlock sessions and the passphrase-attempt backoff of the keystore, senders' nonces and the
// accepted-tx record of the tx service, and the polling filters and the head leadership of the
// events service, the log index the events leader writes and the query service reads, the faucet's cooldowns and the gateways' rate-limit counts.
export { UNTIL_TIER_STOPS, UnlockSessionStore } from './unlock/unlock-session-store';
export { MemoryUnlockStore } from './unlock/memory-unlock-store';
export { RedisUnlockStore } from './unlock/redis-unlock-store';
export type { RedisUnlockStoreOptions } from './unlock/redis-unlock-store';
export { KeyUnwrapError, KeyWrapper, parseKek } from './unlock/key-wrap';
export { connectRedis } from './redis/connect-redis';
export { removePrefixKeys } from './prune/remove-prefix-keys';
export type { ConnectRedisOptions } from './redis/connect-redis';
export { NONCE_IDLE_MS, NonceStore } from './nonce/nonce-store';
export { MemoryNonceStore } from './nonce/memory-nonce-store';
export { RedisNonceStore } from './nonce/redis-nonce-store';
export type { RedisNonceStoreOptions } from './nonce/redis-nonce-store';
export {
  ACCEPTED_TX_MAX_AGE_MS,
  ACCEPTED_TX_MAX_RECORDS,
  AcceptedTxStore,
} from './accepted/accepted-tx-store';
export type { AcceptedTx } from './accepted/accepted-tx-store';
export { MemoryAcceptedTxStore } from './accepted/memory-accepted-tx-store';
export type { AcceptedTxStoreLimits } from './accepted/memory-accepted-tx-store';
export { RedisAcceptedTxStore } from './accepted/redis-accepted-tx-store';
export type { RedisAcceptedTxStoreOptions } from './accepted/redis-accepted-tx-store';
export { DEFAULT_FILTER_CAPS, FILTER_TIMEOUT_MS, FilterCapError, FilterStore } from './filters/filter-store';
export type { FilterCaps, FilterConfirmation, FilterKind, FilterRecord } from './filters/filter-store';
export { MemoryFilterStore } from './filters/memory-filter-store';
export type { FilterStoreSettings } from './filters/memory-filter-store';
export { RedisFilterStore } from './filters/redis-filter-store';
export type { RedisFilterStoreOptions } from './filters/redis-filter-store';
export { HeadLeadership } from './leader/head-leadership';
export { MemoryHeadLeadership } from './leader/memory-head-leadership';
export { RedisHeadLeadership } from './leader/redis-head-leadership';
export type { RedisHeadLeadershipOptions } from './leader/redis-head-leadership';
export {
  ANY_LOG_KEY,
  LogIndex,
  addressKey,
  blockLogKeys,
  criteriaKeyGroups,
  topicKey,
} from './logs/log-index';
export type { IndexLookup, IndexedBlock, IndexedSpan, KeyGroups } from './logs/log-index';
export { MemoryLogIndex } from './logs/memory-log-index';
export { RedisLogIndex } from './logs/redis-log-index';
export type { RedisLogIndexOptions } from './logs/redis-log-index';
export { FaucetCooldowns } from './faucet/faucet-cooldowns';
export type { FaucetReservation, ReserveOutcome } from './faucet/faucet-cooldowns';
export { MemoryFaucetCooldowns } from './faucet/memory-faucet-cooldowns';
export { RedisFaucetCooldowns } from './faucet/redis-faucet-cooldowns';
export type { RedisFaucetCooldownsOptions } from './faucet/redis-faucet-cooldowns';
export { RateLimitCounter } from './rate-limit/rate-limit-counter';
export type { RateLimitTake } from './rate-limit/rate-limit-counter';
export { MemoryRateLimitCounter } from './rate-limit/memory-rate-limit-counter';
export { RedisRateLimitCounter } from './rate-limit/redis-rate-limit-counter';
export type { RedisRateLimitCounterOptions } from './rate-limit/redis-rate-limit-counter';
export { DEFAULT_UNLOCK_BACKOFF, UnlockBackoff, backoffDelayMs } from './unlock-backoff/unlock-backoff';
export type { UnlockBackoffPolicy } from './unlock-backoff/unlock-backoff';
export { MemoryUnlockBackoff } from './unlock-backoff/memory-unlock-backoff';
export { RedisUnlockBackoff } from './unlock-backoff/redis-unlock-backoff';
export type { RedisUnlockBackoffOptions } from './unlock-backoff/redis-unlock-backoff';

import 'reflect-metadata';

export { QueryModule } from './query.module';
export type { QueryOptions } from './query-options';
export { QueryCacheStats, hitRate, type QueryCacheSnapshot } from './cache/query-cache-stats';
export { ChainHead } from './engine/chain-head';

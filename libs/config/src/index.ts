export { ConfigError } from './config-error';
export { loadConfig, describeSchema, pickConfig } from './load-config';
export type { ConfigOf, OptionSpec, Schema } from './option-spec';
export type {
  ChainId,
  DevAccounts,
  ListenAddress,
  LogFormat,
  LogIndexFrom,
  LogLevel,
  RateLimitStoreDown,
} from './parsers';
export { isLoopbackHost, parseChainId } from './parsers';
export {
  OPTIONS,
  CLUSTER_RUN_SCHEMA,
  CLUSTER_SCHEMA,
  DEVNET_SCHEMA,
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  LISTENER_SCHEMA,
  PRUNE_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
} from './options';
export type {
  ClusterConfig,
  ClusterRunConfig,
  DevnetConfig,
  EventsConfig,
  GatewayConfig,
  KeystoreConfig,
  PruneConfig,
  QueryConfig,
  StartConfig,
  TxConfig,
} from './app-configs';
export { readFlagFile } from './read-flag-file';

export { ConfigError } from './config-error';
export { loadConfig, describeSchema, pickConfig } from './load-config';
export type { ConfigOf, OptionSpec, Schema } from './option-spec';
export type { ChainId, ListenAddress, LogLevel } from './parsers';
export { isLoopbackHost, parseChainId } from './parsers';
export {
  OPTIONS,
  DEVNET_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  LISTENER_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
} from './options';
export type {
  DevnetConfig,
  GatewayConfig,
  KeystoreConfig,
  QueryConfig,
  StartConfig,
  TxConfig,
} from './app-configs';

// The typed config of each app, derived from its schema.
import type { ConfigOf } from './option-spec';
import type {
  CLUSTER_RUN_SCHEMA,
  CLUSTER_SCHEMA,
  DEVNET_SCHEMA,
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  PRUNE_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
} from './options';

export type GatewayConfig = ConfigOf<typeof GATEWAY_SCHEMA>;
export type QueryConfig = ConfigOf<typeof QUERY_SCHEMA>;
export type TxConfig = ConfigOf<typeof TX_SCHEMA>;
export type EventsConfig = ConfigOf<typeof EVENTS_SCHEMA>;
export type KeystoreConfig = ConfigOf<typeof KEYSTORE_SCHEMA>;
export type StartConfig = ConfigOf<typeof START_SCHEMA>;
export type DevnetConfig = ConfigOf<typeof DEVNET_SCHEMA>;
export type ClusterConfig = ConfigOf<typeof CLUSTER_SCHEMA>;
export type ClusterRunConfig = ConfigOf<typeof CLUSTER_RUN_SCHEMA>;
export type PruneConfig = ConfigOf<typeof PRUNE_SCHEMA>;

// What the gateway needs from its config, as a Nest token.
import type { ListenAddress, RateLimitStoreDown } from '@photon/config';
import type { Namespace } from '@photon/types';

export interface GatewayOptions {
  readonly laddr: ListenAddress;
  readonly wsport: number;
  readonly rpcApi: readonly Namespace[];
  readonly corsOrigins: readonly string[];
  /** --ws-origins: browser origins that may open the websockets (empty: this machine only). */
  readonly wsOrigins: readonly string[];
  /** --http-vhosts: Host names served; IP literals always are. */
  readonly httpVhosts: readonly string[];
  readonly maxBodyBytes: number;
  readonly maxBatchItems: number;
  readonly maxBatchResponseBytes: number;
  readonly wsMaxMessageBytes: number;
  readonly wsPingSeconds: number;
  /** Most connections to the engine-event websocket `/websocket` of this gateway. */
  readonly engineWsClients: number;
  /** Most `subscribe` queries of one `/websocket` connection. */
  readonly engineWsSubscriptionsPerClient: number;
  /** --engine-queries-per-client: most distinct `/websocket` queries one client address follows here. */
  readonly engineQueriesPerClient: number;
  /** --faucet-path: where the test-network faucet answers POST on the HTTP listener; null = off. */
  readonly faucetPath: string | null;
  /** --rate-limit: cost units per client address per window; 0 = off. */
  readonly rateLimit: number;
  readonly rateLimitWindowMs: number;
  /** --trusted-proxies: addresses and CIDR blocks whose X-Forwarded-For is believed. */
  readonly trustedProxies: readonly string[];
  /** --api-keys-file (read at start into ApiKeys; the path alone here). */
  readonly apiKeysFile: string | null;
  /** Most open websockets per client address on this gateway; 0 = no cap. */
  readonly wsMaxConnectionsPerIp: number;
  /** --ws-criteria-bytes-per-connection: logs-subscription criteria one websocket may hold. */
  readonly wsCriteriaBytesPerConnection: number;
  /** --ws-criteria-bytes-per-ip: logs-subscription criteria one client address may hold here. */
  readonly wsCriteriaBytesPerIp: number;
  /** --ws-max-unsent-bytes: what one websocket may owe its client before it is closed with 1008. */
  readonly wsMaxUnsentBytes: number;
  /** --ws-max-calls-in-flight: one websocket's calls in flight before its requests wait unread. */
  readonly wsMaxCallsInFlight: number;
  /** --ws-max-batches-in-flight: one websocket's batches in flight before its requests wait unread. */
  readonly wsMaxBatchesInFlight: number;
  readonly rateLimitStoreDown: RateLimitStoreDown;
  /** --http-read-timeout: most time to receive a whole request (headers and body), both listeners. */
  readonly httpReadTimeoutMs: number;
  /** --http-write-timeout: most time an answer may take to reach a client that reads it slowly. */
  readonly httpWriteTimeoutMs: number;
  /** --http-idle-timeout: how long an idle keep-alive connection stays open. */
  readonly httpIdleTimeoutMs: number;
  /** --http-max-connections-per-ip: open HTTP connections of one client address; 0 = no cap. */
  readonly httpMaxConnectionsPerIp: number;
}

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');

// Test helpers for Photon's process-level tests and the bench: free ports, spawning the built
// CLI, readiness polling and raw JSON-RPC calls. Never imported by production code.
export { freePort } from './free-port';
export { assertNatsReachable, randomBusPrefix, removeJetStreamOf, testNatsUrl } from './nats';
export { testRedisUrl } from './redis';
export { startOwnNats, startOwnRedis } from './own-servers';
export type { OwnServer } from './own-servers';
export { startLoadBalancer } from './load-balancer';
export type { Backend, LoadBalancer, LoadBalancerCounts } from './load-balancer';
export { runLogs } from './run-logs';
export type { RunLogs } from './run-logs';
export { photonCliPath, workspaceRoot } from './cli-path';
export { spawnProcess } from './spawn-process';
export type { ManagedProcess, SpawnOptions } from './spawn-process';
export { spawnPhoton } from './spawn-photon';
export type { PhotonProcess } from './spawn-photon';
export { waitFor } from './wait-for';
export type { WaitForOptions } from './wait-for';
export { describeOutput, waitForReady } from './wait-for-ready';
export type { WaitForReadyOptions } from './wait-for-ready';
export { addGateway, metricsOf, opsUrlOf, startPhotonStack } from './photon-stack';
export { waitForDevnet } from './wait-for-devnet';
export type {
  ClusterStack,
  ExtraGateway,
  InProcessStack,
  PhotonStack,
  PhotonStackKind,
  PhotonStackOptions,
} from './photon-stack';
export { rpc, rpcRaw, rpcResult } from './rpc';
export type { JsonRpcErrorObject, JsonRpcReply, RawReply, RpcOptions } from './rpc';
export {
  EXECUTION_APIS_DOCUMENT_PATH,
  expectValidComponent,
  expectValidResult,
  hasResultSchema,
  sampleRecords,
  validateComponent,
  validateOpenRpcDocument,
  validateResult,
} from './openrpc';
export type { ValidationOutcome } from './openrpc';
export { ETHERMINT_CONTRACTS, PHOTON_TOKEN_ARTIFACT } from './contracts';
export { DEV_MNEMONIC, DevnetClient, devWallet } from './devnet-client';
export type { BroadcastAnswer } from './devnet-client';
export { closeCosmjsWebsocket, type CosmjsWebsocketClient } from './close-cosmjs-websocket';
export { seededRandom } from './seeded-random';

// NATS subject names. The prefix keeps tiers (and concurrent test stacks) that share one NATS
// server apart; the queue group spreads each service's requests over its replicas.
import type { ServiceName } from '@photon/types';

export const rpcSubject = (prefix: string, service: ServiceName) => `${prefix}.rpc.${service}`;
/** Where a service's replicas take the calls of one JSON-RPC batch in one message. */
export const rpcBatchSubject = (prefix: string, service: ServiceName) => `${prefix}.rpcs.${service}`;
export const pingSubject = (prefix: string, service: ServiceName) => `${prefix}.ping.${service}`;
export const eventSubject = (prefix: string, subject: string) => `${prefix}.evt.${subject}`;
export const queueGroup = (prefix: string, service: ServiceName) => `${prefix}.${service}`;

/** NATS reply header naming the replica that answered. */
export const REPLICA_HEADER = 'Photon-Replica';

/** NATS request header carrying the client request's id (CallContext.requestId) to the service. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

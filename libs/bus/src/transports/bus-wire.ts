// The bytes of a bus request and reply on NATS: JSON, with errors as JSON-RPC error objects.
import { type ErrorObject, RemoteRpcError } from '@photon/codec';
import type { BusCall, BusRequest } from './method-bus';

export type BusReply = { readonly result: unknown } | { readonly error: ErrorObject };

/** The calls of one JSON-RPC batch that one service owns, sent as one message with one context. */
export interface BusBatchRequest {
  readonly calls: readonly BusCall[];
  readonly context: BusRequest['context'];
}

/**
 * One part of the replies to a batch request: `replies[i]` answers call `from + i`. A batch is answered
 * in as many parts as the bus's largest message needs; `total` is the number of calls.
 */
export interface BusBatchReplyPart {
  readonly from: number;
  readonly total: number;
  readonly replies: readonly BusReply[];
}

export const encodeJson = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

export function decodeRequest(data: Uint8Array): BusRequest {
  return decodeJson<BusRequest>(data);
}

export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(Buffer.from(data).toString('utf8')) as T;

/** Returns the result of a reply, or throws its error as it came from the service. */
export function unwrapReply(data: Uint8Array): unknown {
  return resultOf(decodeJson<BusReply>(data));
}

/** The result of a decoded reply, or its error thrown as it came from the service. */
export function resultOf(reply: BusReply): unknown {
  if ('error' in reply) throw new RemoteRpcError(reply.error);
  return reply.result;
}

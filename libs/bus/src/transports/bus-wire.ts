// The bytes of a bus request and reply on NATS: JSON, with errors as JSON-RPC error objects.
import { type ErrorObject, RemoteRpcError } from '@photon/codec';
import type { BusRequest } from './method-bus';

export type BusReply = { readonly result: unknown } | { readonly error: ErrorObject };

export const encodeJson = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

export function decodeRequest(data: Uint8Array): BusRequest {
  return JSON.parse(Buffer.from(data).toString('utf8')) as BusRequest;
}

/** Returns the result of a reply, or throws its error as it came from the service. */
export function unwrapReply(data: Uint8Array): unknown {
  const reply = JSON.parse(Buffer.from(data).toString('utf8')) as BusReply;
  if ('error' in reply) throw new RemoteRpcError(reply.error);
  return reply.result;
}

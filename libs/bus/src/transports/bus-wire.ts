// The bytes of a bus request and reply on NATS: JSON, with errors as JSON-RPC error objects.
import { type ErrorObject, RawJson, RemoteRpcError } from '@photon/codec';
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

/** A message's bytes as text, read in place (Buffer.from(data) alone would copy them first). */
const textOf = (data: Uint8Array): string =>
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');

export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(textOf(data)) as T;

/** How encodeJson writes every successful reply ({ result }) before its result's JSON. */
const RESULT_PREFIX = '{"result":';

/**
 * The result of a reply as a RawJson of its JSON text, without parsing it, or its error thrown as it came
 * from the service. A successful reply is `{"result":` + the result's JSON + `}` (encodeJson of a BusReply,
 * which has no other member); a reply in any other form is parsed.
 */
export function rawResultOf(data: Uint8Array): unknown {
  const text = textOf(data);
  if (text.startsWith(RESULT_PREFIX) && text.endsWith('}'))
    return new RawJson(text.slice(RESULT_PREFIX.length, -1));
  return resultOf(JSON.parse(text) as BusReply);
}

/** Returns the result of a reply, or throws its error as it came from the service. */
export function unwrapReply(data: Uint8Array): unknown {
  return resultOf(decodeJson<BusReply>(data));
}

/** The result of a decoded reply, or its error thrown as it came from the service. */
export function resultOf(reply: BusReply): unknown {
  if ('error' in reply) throw new RemoteRpcError(reply.error);
  return reply.result;
}

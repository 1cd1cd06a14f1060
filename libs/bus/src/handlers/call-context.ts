// What a handler may know about the caller: enough for per-client limits and the
// loopback-only rules of the keystore, and nothing secret.

/**
 * Who can reach the gateway that took a call: `loopback` only when it listens on a loopback
 * address (no other machine can reach it). A call that states no exposure counts as public.
 */
export type Exposure = 'loopback' | 'public';

export interface CallContext {
  readonly transport: 'http' | 'ws' | 'internal';
  readonly remoteAddress?: string;
  /** Stable id of a websocket connection, for subscriptions. */
  readonly sessionId?: string;
  /** Stated by the gateway on every call; services that guard something (the keystore) decide on it. */
  readonly exposure?: Exposure;
  /**
   * The id of the client request this call serves (X-Request-Id at the gateway), for the log lines
   * about it; on NATS it travels as a message header, not in the body.
   */
  readonly requestId?: string;
  /**
   * A head the caller knows committed (decimal), sent with a call whose answer it keeps until the next
   * head: the service answers `latest` at this height or a later one, never at an older block.
   */
  readonly head?: string;
}

/** Calls a service makes on its own behalf; it states no exposure, so it counts as public. */
export const INTERNAL_CONTEXT: CallContext = { transport: 'internal' };

/** `context` naming the client request `requestId` (as it is when there is none). */
export const withRequestId = (context: CallContext, requestId: string | undefined): CallContext =>
  requestId === undefined ? context : { ...context, requestId };

// What a handler may know about the caller: enough for per-client limits and the
// loopback-only rules of the keystore, and nothing secret.
export interface CallContext {
  readonly transport: 'http' | 'ws' | 'internal';
  readonly remoteAddress?: string;
  /** Stable id of a websocket connection, for subscriptions. */
  readonly sessionId?: string;
}

export const INTERNAL_CONTEXT: CallContext = { transport: 'internal' };

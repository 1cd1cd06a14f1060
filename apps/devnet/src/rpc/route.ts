// A CometBFT RPC route: its name, its typed arguments, and the function that answers it. The
// same table serves JSON-RPC over HTTP, URI GETs and the websocket, as in CometBFT.

/** CometBFT argument kinds, as they arrive in JSON bodies and in URI query strings. */
export type ArgKind =
  /** int64/uint64: a JSON number or decimal string; in a URI, digits or a quoted number. */
  | 'int'
  /** a string; in a URI, a quoted string. */
  | 'string'
  /** []byte: base64 in JSON; 0x-hex or a quoted string in a URI. */
  | 'bytes'
  /** HexBytes: hex (no 0x) in JSON; 0x-hex in a URI. */
  | 'hexbytes'
  | 'bool';

export interface ArgSpec {
  readonly name: string;
  readonly kind: ArgKind;
}

export type ArgValue = bigint | string | Uint8Array | boolean | undefined;
export type Args = Readonly<Record<string, ArgValue>>;

/** What a handler may know about its caller. */
export interface RouteContext {
  readonly remoteAddress: string | undefined;
  /** Set for calls over the websocket: the connection's subscriptions live there. */
  readonly connectionId?: string;
}

export interface Route {
  readonly name: string;
  readonly args: readonly ArgSpec[];
  readonly handle: (args: Args, context: RouteContext) => Promise<unknown>;
  /** Only callable over the websocket (subscribe, unsubscribe, unsubscribe_all). */
  readonly websocketOnly?: boolean;
}

/** A handler failure; its message goes to the client as CometBFT's `data` text. */
export class RouteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RouteError';
  }
}

// JSON-RPC 2.0 envelope types: what a parsed request item is and what goes back on the wire.
import type { ErrorObject } from '../errors/rpc-errors';

export type JsonRpcId = string | number | null;

/** A well-formed request item; `notification` items (no `id` member) get no response. */
export interface RpcCall {
  readonly id: JsonRpcId;
  readonly method: string;
  readonly params: unknown;
  readonly notification: boolean;
}

export interface RpcSuccess {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly result: unknown;
}

export interface RpcFailure {
  readonly jsonrpc: '2.0';
  readonly id: JsonRpcId;
  readonly error: ErrorObject;
}

export type RpcResponse = RpcSuccess | RpcFailure;

/**
 * One item of a body: a call to run, or the error response it already earned (`silent` for a
 * notification refused on its params: refused, yet answered with nothing, as notifications are).
 */
export type ParsedItem =
  | { readonly ok: true; readonly call: RpcCall }
  | { readonly ok: false; readonly response: RpcFailure; readonly silent?: true };

export type ParsedBody =
  | { readonly kind: 'single'; readonly item: ParsedItem }
  | { readonly kind: 'batch'; readonly items: readonly ParsedItem[] }
  /** The body as a whole is answered by one error (parse error, empty batch). */
  | { readonly kind: 'rejected'; readonly response: RpcFailure };

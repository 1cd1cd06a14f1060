// What can go wrong talking to the engine, as typed errors a caller branches on. The two with a plain
// JSON-RPC meaning extend the codec's classes, so an unmapped one still reaches a client correctly.
import { InvalidInputError, ResourceUnavailableError } from '@photon/codec';

/**
 * The engine did not answer: connection refused or reset, DNS failure, or no answer within the call's timeout.
 * A JSON-RPC -32002; the message names the call and the kind of failure, never the engine's address.
 */
export class EngineUnavailableError extends ResourceUnavailableError {
  constructor(
    /** The CometBFT method that failed, e.g. `block_results`. */
    readonly method: string,
    /** What happened, for logs: `timeout after 5000 ms`, `connect ECONNREFUSED 127.0.0.1:26657`. */
    readonly detail: string,
    readonly kind: 'timeout' | 'connection',
  ) {
    super(kind === 'timeout' ? `engine did not answer ${method} in time` : 'engine unavailable');
    this.name = 'EngineUnavailableError';
  }
}

/** The node answered the CometBFT call with a JSON-RPC error object (HTTP 200 or not). */
export class EngineRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
    /** CometBFT puts the handler's error text here, e.g. `height 9 must be less than or equal to …`. */
    readonly data: string | undefined,
  ) {
    super(`${method}: ${rpcMessage}${data === undefined ? '' : ` (${data})`}`);
    this.name = 'EngineRpcError';
  }
}

/** The node's answer is not what the protocol says (bad JSON, a missing field, a wrong type or encoding). */
export class EngineResponseError extends Error {
  constructor(
    /** Where in the answer, e.g. `block.block.header.height`. */
    readonly path: string,
    detail: string,
  ) {
    super(`malformed engine answer at ${path}: ${detail}`);
    this.name = 'EngineResponseError';
  }
}

/**
 * State at a height the engine does not have: pruned, in the future, or before the first block. Answered as
 * geth does for an unknown block: -32000 `header not found`.
 */
export class HeightNotAvailableError extends InvalidInputError {
  constructor(
    /** The height asked for (undefined = latest). */
    readonly height: bigint | undefined,
    /** The engine's own words, for logs. */
    readonly detail: string,
  ) {
    super('header not found');
    this.name = 'HeightNotAvailableError';
  }
}

/** An `abci_query` the application refused for another reason (bad request, handler error); the raw ABCI fields. */
export class AbciQueryError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly codespace: string,
    readonly log: string,
  ) {
    super(`${path}: ${codespace === '' ? '' : `${codespace} `}code ${code}: ${log}`);
    this.name = 'AbciQueryError';
  }
}

export type EngineError =
  EngineUnavailableError | EngineRpcError | EngineResponseError | HeightNotAvailableError | AbciQueryError;

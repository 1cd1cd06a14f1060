// Domain errors, one class per JSON-RPC/EIP-1474 code, with geth's wording. Anything a handler
// throws that is not one of these is an internal error and never reaches a client verbatim.

/** A JSON-RPC 2.0 error object as it goes on the wire. */
export interface ErrorObject {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export abstract class RpcError extends Error {
  abstract readonly code: number;
  readonly data?: unknown;

  protected constructor(message: string, data?: unknown) {
    super(message);
    this.name = new.target.name;
    if (data !== undefined) this.data = data;
  }

  toErrorObject(): ErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/** -32700: the body is not JSON. */
export class ParseError extends RpcError {
  readonly code = -32700;
  constructor(message = 'parse error') {
    super(message);
  }
}

/** -32600: the JSON is not a valid request object, or the envelope broke a limit. */
export class InvalidRequestError extends RpcError {
  readonly code = -32600;
  constructor(message = 'invalid request', data?: unknown) {
    super(message, data);
  }
}

/** -32601: unknown method, or one of a namespace this tier does not expose. */
export class MethodNotFoundError extends RpcError {
  readonly code = -32601;
  constructor(method: string) {
    super(`the method ${method} does not exist/is not available`);
  }
}

/** -32601 with geth's own wording for what a method cannot do here (`notifications not supported`). */
export class MethodUnavailableError extends RpcError {
  readonly code = -32601;
  constructor(message: string) {
    super(message);
  }
}

/** -32602: a parameter failed its codec; `index` is zero-based as geth prints it. */
export class InvalidParamsError extends RpcError {
  readonly code = -32602;
  constructor(message: string) {
    super(message);
  }

  static argument(index: number, reason: string): InvalidParamsError {
    return new InvalidParamsError(`invalid argument ${index}: ${reason}`);
  }
}

/** -32603: something failed on our side; `data.errorId` points into the logs. */
export class InternalError extends RpcError {
  readonly code = -32603;
  constructor(message = 'internal error', data?: unknown) {
    super(message, data);
  }
}

/** -32000: geth's generic server error, used for invalid input such as `nonce too low`. */
export class InvalidInputError extends RpcError {
  readonly code = -32000;
  constructor(message: string, data?: unknown) {
    super(message, data);
  }
}

/** -32001: the requested resource (filter, block) was not found. */
export class ResourceNotFoundError extends RpcError {
  readonly code = -32001;
  constructor(message: string) {
    super(message);
  }
}

/** -32002: a resource this call needs is unavailable, such as a service that is down. */
export class ResourceUnavailableError extends RpcError {
  readonly code = -32002;
  constructor(message: string, data?: unknown) {
    super(message, data);
  }
}

/** -32003: the transaction was rejected. */
export class TransactionRejectedError extends RpcError {
  readonly code = -32003;
  constructor(message: string) {
    super(message);
  }
}

/** -32004: the method exists but this tier does not support it. */
export class MethodNotSupportedError extends RpcError {
  readonly code = -32004;
  constructor(method: string) {
    super(`method ${method} is not supported`);
  }
}

/** -32005: a limit was exceeded (range, result size, rate, timeout). */
export class LimitExceededError extends RpcError {
  readonly code = -32005;
  constructor(message: string, data?: unknown) {
    super(message, data);
  }
}

/** -38026: a request asked for more than a per-call cap allows (geth's clientLimitExceededError). */
export class ClientLimitExceededError extends RpcError {
  readonly code = -38026;
  constructor(message: string) {
    super(message);
  }
}

/** -32006: the request's jsonrpc version is not 2.0. */
export class VersionNotSupportedError extends RpcError {
  readonly code = -32006;
  constructor(message = 'JSON-RPC version not supported') {
    super(message);
  }
}

/** 3: the EVM reverted; `data` carries the revert bytes so clients decode custom errors. */
export class ExecutionRevertedError extends RpcError {
  readonly code = 3;
  constructor(reason: string | undefined, revertData: string) {
    super(reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`, revertData);
  }
}

/**
 * 4 (EIP-7966): eth_sendRawTransactionSync's wait ended before a block included the transaction, which the
 * pool still holds; `data` is its hash, to look the receipt up later. geth's words.
 */
export class TransactionSyncTimeoutError extends RpcError {
  readonly code = 4;
  constructor(hash: string, waitedMs: number) {
    super(
      `The transaction was added to the transaction pool but wasn't processed in ${goDuration(waitedMs)}`,
      hash,
    );
  }
}

/** A whole number of milliseconds as Go's time.Duration prints it: 2s, 1.5s, 500ms. */
function goDuration(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${ms / 1000}s`;
}

/** An error object that crossed the bus, kept as it came so it reaches the client unchanged. */
export class RemoteRpcError extends RpcError {
  readonly code: number;
  constructor(error: ErrorObject) {
    super(error.message, error.data);
    this.code = error.code;
  }
}

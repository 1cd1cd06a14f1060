// The one mapping from anything thrown to a JSON-RPC error object. Unknown errors are logged
// with an id and answered as an opaque internal error, so no stack or secret leaks.
import { randomUUID } from 'node:crypto';
import { type ErrorObject, InternalError, RpcError } from './rpc-errors';

export type InternalErrorLogger = (errorId: string, error: unknown) => void;

export function toErrorObject(error: unknown, logInternal: InternalErrorLogger): ErrorObject {
  if (error instanceof RpcError) return error.toErrorObject();
  const errorId = randomUUID();
  logInternal(errorId, error);
  return new InternalError('internal error', { errorId }).toErrorObject();
}

/** Where internal errors go: anything with an `error(message, detail)` method, such as Nest's Logger. */
export interface ErrorSink {
  error(message: string, detail?: unknown): void;
}

/** The one way internal errors are logged: their id, and the stack when there is one. */
export function logInternalTo(sink: ErrorSink): InternalErrorLogger {
  return (errorId, error) =>
    sink.error(`internal error ${errorId}`, error instanceof Error ? error.stack : error);
}

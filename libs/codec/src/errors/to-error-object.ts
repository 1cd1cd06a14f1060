// The one mapping from anything thrown to a JSON-RPC error object. Unknown errors are logged
// with an id and answered as an opaque internal error, so no stack or secret leaks. A store command that
// failed because the store (Redis) is unreachable is no bug: it answers -32002, as a service that is down does.
import { type LogRecord, aboutRequest } from '@photon/types';
import { randomUUID } from 'node:crypto';
import { type ErrorObject, InternalError, ResourceUnavailableError, RpcError } from './rpc-errors';

/** ioredis's error names for a command it gave up on while the server was unreachable. */
const STORE_OUTAGES: ReadonlySet<string> = new Set(['MaxRetriesPerRequestError', 'AbortError']);

export type InternalErrorLogger = (errorId: string, error: unknown) => void;

export function toErrorObject(error: unknown, logInternal: InternalErrorLogger): ErrorObject {
  if (error instanceof RpcError) return error.toErrorObject();
  if (error instanceof Error && STORE_OUTAGES.has(error.name))
    return new ResourceUnavailableError('the store is unavailable').toErrorObject();
  const errorId = randomUUID();
  logInternal(errorId, error);
  return new InternalError('internal error', { errorId }).toErrorObject();
}

/** Where internal errors go: anything with an `error(message, detail)` method, such as Nest's Logger. */
export interface ErrorSink {
  error(message: string | LogRecord, detail?: unknown): void;
}

/**
 * The one way internal errors are logged: their id, the stack when there is one, and the id of the
 * request that met it (X-Request-Id) when there is one.
 */
export function logInternalTo(sink: ErrorSink, requestId?: string): InternalErrorLogger {
  return (errorId, error) =>
    sink.error(
      aboutRequest(`internal error ${errorId}`, requestId),
      error instanceof Error ? error.stack : error,
    );
}

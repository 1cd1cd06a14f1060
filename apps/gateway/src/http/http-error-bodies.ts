// JSON-RPC error bodies for failures that happen before a request reaches the endpoint
// (wrong path, method, media type or size), so an HTTP client never gets an HTML page.
import { type ErrorObject, InvalidRequestError, LimitExceededError, failure } from '@photon/codec';

export const rpcErrorBody = (error: ErrorObject): string => JSON.stringify(failure(null, error));

export const unsupportedMediaType = (): ErrorObject =>
  new InvalidRequestError('invalid content type, only application/json is supported').toErrorObject();

export const methodNotAllowed = (): ErrorObject =>
  new InvalidRequestError('method not allowed, JSON-RPC requests use POST').toErrorObject();

export const pathNotFound = (): ErrorObject =>
  new InvalidRequestError('not found, JSON-RPC is served at POST /').toErrorObject();

export const bodyTooLarge = (limit: number): ErrorObject =>
  new LimitExceededError(`request body too large, the limit is ${limit} bytes`, { limit }).toErrorObject();

/** geth's answer to a Host outside --http-vhosts (DNS rebinding). */
export const invalidHost = (): ErrorObject =>
  new InvalidRequestError('invalid host specified').toErrorObject();

/** A websocket handshake from a browser origin outside --ws-origins. */
export const originNotAllowed = (): ErrorObject =>
  new InvalidRequestError('websocket origin not allowed').toErrorObject();

/** A websocket handshake on a path that serves none. */
export const websocketPathNotFound = (): ErrorObject =>
  new InvalidRequestError(
    'not found, websockets are served at / (JSON-RPC) and /websocket (engine events)',
  ).toErrorObject();

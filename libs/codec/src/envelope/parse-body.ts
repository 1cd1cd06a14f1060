// Turns a request body into calls and per-item errors exactly as JSON-RPC 2.0 section 6 and 7 say,
// plus the tier's batch limit. Pure: no I/O, never throws.
import {
  type ErrorObject,
  InvalidParamsError,
  InvalidRequestError,
  LimitExceededError,
  ParseError,
} from '../errors/rpc-errors';
import type { JsonRpcId, ParsedBody, ParsedItem, RpcFailure } from './envelope-types';
import { MAX_PARAMS_DEPTH, nestsDeeperThan } from './nesting-depth';

export interface ParseOptions {
  /** HTTP requires `"jsonrpc": "2.0"`; the websocket tolerates its absence as geth does. */
  readonly requireVersion: boolean;
  readonly maxBatchItems: number;
  /** Most levels params may nest (default MAX_PARAMS_DEPTH); deeper ones are refused with -32602. */
  readonly maxParamsDepth?: number;
}

export function failure(id: JsonRpcId, error: ErrorObject): RpcFailure {
  return { jsonrpc: '2.0', id, error };
}

export function parseBody(text: string, options: ParseOptions): ParsedBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'rejected', response: failure(null, new ParseError().toErrorObject()) };
  }
  if (!Array.isArray(json)) return { kind: 'single', item: parseItem(json, options) };
  if (json.length === 0) {
    return {
      kind: 'rejected',
      response: failure(null, new InvalidRequestError('empty batch').toErrorObject()),
    };
  }
  if (json.length > options.maxBatchItems) {
    const error = new LimitExceededError('batch too large', { limit: options.maxBatchItems }).toErrorObject();
    return { kind: 'batch', items: json.map((raw) => ({ ok: false, response: failure(idOf(raw), error) })) };
  }
  return { kind: 'batch', items: json.map((raw) => parseItem(raw, options)) };
}

function parseItem(raw: unknown, options: ParseOptions): ParsedItem {
  const id = idOf(raw);
  const reject = (reason: string): ParsedItem => ({
    ok: false,
    response: failure(id, new InvalidRequestError(reason).toErrorObject()),
  });
  if (!isPlainObject(raw)) return reject('invalid request');
  const version = raw['jsonrpc'];
  if (version !== '2.0' && (options.requireVersion || version !== undefined))
    return reject('invalid request');
  if ('id' in raw && !isValidId(raw['id'])) return reject('invalid request');
  const method = raw['method'];
  if (typeof method !== 'string') return reject('invalid request');
  const params = raw['params'];
  if (params !== undefined && params !== null && typeof params !== 'object') return reject('invalid request');
  const notification = !('id' in raw);
  const maxDepth = options.maxParamsDepth ?? MAX_PARAMS_DEPTH;
  if (nestsDeeperThan(params, maxDepth)) {
    const response = failure(id, tooDeep(params, maxDepth).toErrorObject());
    return notification ? { ok: false, response, silent: true } : { ok: false, response };
  }
  return { ok: true, call: { id, method, params, notification } };
}

/** The -32602 for params past the depth bound, naming the first argument past it (geth's wording). */
function tooDeep(params: unknown, limit: number): InvalidParamsError {
  const reason = `too deeply nested (params may nest at most ${limit} levels)`;
  if (!Array.isArray(params)) return new InvalidParamsError(`invalid params: ${reason}`);
  const index = params.findIndex((param) => nestsDeeperThan(param, limit - 1));
  return InvalidParamsError.argument(index, reason);
}

/** The id to answer with: the request's own when it is a valid id, else null (spec section 5). */
function idOf(raw: unknown): JsonRpcId {
  if (!isPlainObject(raw)) return null;
  const id = raw['id'];
  return isValidId(id) ? id : null;
}

function isValidId(id: unknown): id is JsonRpcId {
  return id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

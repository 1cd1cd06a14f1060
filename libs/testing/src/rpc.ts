// Minimal JSON-RPC over HTTP for tests and the bench preflight, on the global fetch.

export interface JsonRpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** One JSON-RPC response object as received; nothing is validated. */
export interface JsonRpcReply<R = unknown> {
  jsonrpc: string;
  id: number | string | null;
  result?: R;
  error?: JsonRpcErrorObject;
}

export interface RawReply {
  status: number;
  /** Response headers with lower-case names. */
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json?: unknown;
}

export interface RpcOptions {
  /** Gives the exchange up after this long, rejecting with fetch's `TimeoutError` (default: no limit). */
  timeoutMs?: number;
}

/** POSTs `body` verbatim (content-type application/json unless `headers` says otherwise). */
export async function rpcRaw(
  httpUrl: string,
  body: string,
  headers: Record<string, string> = {},
  options: RpcOptions = {},
): Promise<RawReply> {
  const res = await fetch(httpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    ...(options.timeoutMs === undefined ? {} : { signal: AbortSignal.timeout(options.timeoutMs) }),
  });
  const text = await res.text();
  const reply: RawReply = { status: res.status, headers: Object.fromEntries(res.headers.entries()), text };
  try {
    reply.json = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: callers assert on status and text.
  }
  return reply;
}

/** Calls one method and returns the parsed response; throws only when the body is not JSON. */
export async function rpc<R = unknown>(
  httpUrl: string,
  method: string,
  params: unknown[] | Record<string, unknown> = [],
  id: number | string = 1,
  options: RpcOptions = {},
): Promise<JsonRpcReply<R>> {
  const reply = await rpcRaw(httpUrl, JSON.stringify({ jsonrpc: '2.0', id, method, params }), {}, options);
  if (reply.json === undefined) {
    throw new Error(`rpc ${method}: HTTP ${reply.status} with a non-JSON body: ${reply.text.slice(0, 500)}`);
  }
  return reply.json as JsonRpcReply<R>;
}

/** Calls one method and returns its result; an error answer throws, naming the method and the error. */
export async function rpcResult<R = unknown>(
  httpUrl: string,
  method: string,
  params: unknown[] | Record<string, unknown> = [],
): Promise<R> {
  const reply = await rpc<R>(httpUrl, method, params);
  if (reply.error !== undefined) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as R;
}

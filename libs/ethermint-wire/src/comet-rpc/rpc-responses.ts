// CometBFT's JSON-RPC response shapes: errors carry a fixed message and the Go-style reason in
// `data` (rpc/jsonrpc/types/types.go), and ids are echoed as given.
export type RpcId = string | number;

export interface CometRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: string;
}

export type CometRpcResponse =
  | { readonly jsonrpc: '2.0'; readonly id: RpcId | null; readonly result: unknown }
  | { readonly jsonrpc: '2.0'; readonly id: RpcId | null; readonly error: CometRpcError };

const failure = (id: RpcId | null, code: number, message: string, data?: string): CometRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined || data === '' ? { code, message } : { code, message, data },
});

export const success = (id: RpcId | null, result: unknown): CometRpcResponse => ({
  jsonrpc: '2.0',
  id,
  result,
});
export const parseError = (reason: string) => failure(null, -32700, 'Parse error. Invalid JSON', reason);
export const invalidRequest = (id: RpcId | null, reason: string) =>
  failure(id, -32600, 'Invalid Request', reason);
export const methodNotFound = (id: RpcId | null) => failure(id, -32601, 'Method not found');
export const invalidParams = (id: RpcId | null, reason: string) =>
  failure(id, -32602, 'Invalid params', reason);
export const internalError = (id: RpcId | null, reason: string) =>
  failure(id, -32603, 'Internal error', reason);
export const serverError = (id: RpcId | null, reason: string) => failure(id, -32000, 'Server error', reason);

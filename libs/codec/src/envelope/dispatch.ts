// Runs parsed calls and assembles the reply: batch items concurrently, responses in request
// order, notifications answered with nothing, and an all-notification batch with no body at all.
import { type InternalErrorLogger, toErrorObject } from '../errors/to-error-object';
import type { ParsedBody, ParsedItem, RpcCall, RpcResponse } from './envelope-types';
import { failure } from './parse-body';

/** Runs one call; resolves with its result or rejects with an RpcError (anything else is internal). */
export type InvokeCall = (call: RpcCall) => Promise<unknown>;

export type Reply = RpcResponse | readonly RpcResponse[] | undefined;

export function dispatch(
  body: ParsedBody,
  invoke: InvokeCall,
  logInternal: InternalErrorLogger,
): Promise<Reply> {
  switch (body.kind) {
    case 'rejected':
      return Promise.resolve(body.response);
    case 'single':
      // The item's own promise: an async function returning it would wait two more microtask turns.
      return runItem(body.item, invoke, logInternal);
    case 'batch':
      return runBatch(body.items, invoke, logInternal);
  }
}

async function runBatch(
  items: readonly ParsedItem[],
  invoke: InvokeCall,
  logInternal: InternalErrorLogger,
): Promise<Reply> {
  const responses = await Promise.all(items.map((item) => runItem(item, invoke, logInternal)));
  const answered = responses.filter((response): response is RpcResponse => response !== undefined);
  return answered.length === 0 ? undefined : answered;
}

async function runItem(
  item: ParsedItem,
  invoke: InvokeCall,
  logInternal: InternalErrorLogger,
): Promise<RpcResponse | undefined> {
  if (!item.ok) return item.silent === true ? undefined : item.response;
  const { call } = item;
  try {
    const result = await invoke(call);
    return call.notification ? undefined : { jsonrpc: '2.0', id: call.id, result: result ?? null };
  } catch (error) {
    return call.notification ? undefined : failure(call.id, toErrorObject(error, logInternal));
  }
}

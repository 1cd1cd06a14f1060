// Serializes a reply under the batch response size cap: items past the cap are replaced by
// geth's `response too large` error so a client still gets one answer per request.
import { LimitExceededError } from '../errors/rpc-errors';
import type { RpcResponse } from './envelope-types';
import type { Reply } from './dispatch';
import { failure } from './parse-body';
import { RawJson } from './raw-json';

export function serializeReply(reply: Reply, maxBytes: number): string | undefined {
  if (reply === undefined) return undefined;
  if (!Array.isArray(reply)) return serializeResponse(reply as RpcResponse);
  const parts: string[] = [];
  let size = 2;
  for (const response of reply as readonly RpcResponse[]) {
    let part = serializeResponse(response);
    if (size + Buffer.byteLength(part) + 1 > maxBytes) {
      part = JSON.stringify(
        failure(response.id, new LimitExceededError('response too large').toErrorObject()),
      );
    }
    size += Buffer.byteLength(part) + 1;
    parts.push(part);
  }
  return `[${parts.join(',')}]`;
}

/** One response as JSON; a result that is still its service's JSON text (RawJson) goes in as it is. */
function serializeResponse(response: RpcResponse): string {
  if ('result' in response && response.result instanceof RawJson)
    return `{"jsonrpc":"2.0","id":${JSON.stringify(response.id)},"result":${response.result.text}}`;
  return JSON.stringify(response);
}

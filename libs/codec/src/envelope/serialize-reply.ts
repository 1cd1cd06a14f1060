// Serializes a reply under the batch response size cap: items past the cap are replaced by
// geth's `response too large` error so a client still gets one answer per request.
import { LimitExceededError } from '../errors/rpc-errors';
import type { RpcResponse } from './envelope-types';
import type { Reply } from './dispatch';
import { failure } from './parse-body';

export function serializeReply(reply: Reply, maxBytes: number): string | undefined {
  if (reply === undefined) return undefined;
  if (!Array.isArray(reply)) return JSON.stringify(reply);
  const parts: string[] = [];
  let size = 2;
  for (const response of reply as readonly RpcResponse[]) {
    let part = JSON.stringify(response);
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

// The replies to a batch request as NATS messages no larger than the server's max_payload: consecutive
// replies share a part while they fit; a reply too large to go alone becomes the bus's "too large" error,
// as it would have as a single call. Each reply is serialized once, and the parts are spliced from those.
import type { ErrorObject } from '@photon/codec';
import type { BusReply } from './bus-wire';

/** NATS's default max_payload, for a connection that has not said its server's. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
/** Room left for a part's envelope (`from`, `total`). */
const ENVELOPE_BYTES = 256;

/** The encoded parts (BusBatchReplyPart as JSON) of `replies`, in order; one part when there are none. */
export function splitReplies(
  replies: readonly BusReply[],
  maxPayload: number | undefined,
  tooLarge: ErrorObject,
): Buffer[] {
  const limit = (maxPayload ?? DEFAULT_MAX_PAYLOAD) - ENVELOPE_BYTES;
  const tooLargeText = JSON.stringify({ error: tooLarge });
  const texts = replies.map((reply) => {
    const text = JSON.stringify(reply);
    return Buffer.byteLength(text) <= limit ? text : tooLargeText;
  });
  const parts: Buffer[] = [];
  let from = 0;
  do {
    let to = from;
    let bytes = 0;
    // Each reply costs its bytes and a comma; at least one goes in every part.
    while (to < texts.length && (to === from || bytes + Buffer.byteLength(texts[to]!) + 1 <= limit)) {
      bytes += Buffer.byteLength(texts[to]!) + 1;
      to++;
    }
    const replyTexts = texts.slice(from, to).join(',');
    parts.push(Buffer.from(`{"from":${from},"total":${texts.length},"replies":[${replyTexts}]}`));
    from = to;
  } while (from < texts.length);
  return parts;
}

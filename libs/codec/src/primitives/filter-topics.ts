// A log filter's `topics`: per position null (any), one hash, or a list of hashes (any of them),
// read as geth's FilterCriteria does and with its messages.
import { CodecError } from './codec-error';
import { HASH_BYTES } from './hash';
import { decodeData, encodeData } from './data';

/** LOG0..LOG4 carry at most four topics. */
export const MAX_TOPIC_POSITIONS = 4;
/** geth's cap on alternatives in one position. */
export const MAX_TOPICS_PER_POSITION = 1000;

/** One entry per position: the hashes accepted there, or null for any. */
export type FilterTopics = (string[] | null)[];

/** undefined when the filter does not constrain topics at all. */
export function decodeFilterTopics(input: unknown): FilterTopics | undefined {
  if (input === undefined || input === null) return undefined;
  if (!Array.isArray(input)) throw new CodecError('invalid topic(s)');
  if (input.length > MAX_TOPIC_POSITIONS) throw new CodecError('exceed max topics');
  return input.map((position: unknown) => decodePosition(position));
}

function decodePosition(position: unknown): string[] | null {
  if (position === null) return null;
  if (typeof position === 'string') return [decodeTopic(position)];
  if (!Array.isArray(position)) throw new CodecError('invalid topic(s)');
  if (position.length > MAX_TOPICS_PER_POSITION) throw new CodecError('exceed max topics');
  const hashes: string[] = [];
  for (const item of position as unknown[]) {
    // A null alternative matches anything, so the whole position becomes a wildcard (as in geth).
    if (item === null) return null;
    if (typeof item !== 'string') throw new CodecError('invalid topic(s)');
    hashes.push(decodeTopic(item));
  }
  return hashes.length === 0 ? null : hashes;
}

// geth's filters.decodeTopic: any hexutil bytes, then a length check with its own wording.
function decodeTopic(text: string): string {
  const bytes = decodeData(text);
  if (bytes.length !== HASH_BYTES) {
    throw new CodecError(
      `hex has invalid length ${bytes.length} after decoding; expected ${HASH_BYTES} for topic`,
    );
  }
  return encodeData(bytes);
}

// A log filter's `address`: one address or a list of them, read as geth's FilterCriteria does and
// with its messages. Absent or null means any address.
import { CodecError } from './codec-error';
import { ADDRESS_BYTES } from './address';
import { decodeData, encodeData } from './data';

/** geth's cap on addresses in one filter. */
export const MAX_FILTER_ADDRESSES = 1000;

/** The addresses (lowercase) a filter matches; undefined when it matches any. */
export function decodeFilterAddress(input: unknown): string[] | undefined {
  if (input === undefined || input === null) return undefined;
  if (typeof input === 'string') return [withPrefix('invalid address', () => decodeLogAddress(input))];
  if (!Array.isArray(input)) throw new CodecError('invalid addresses in query');
  if (input.length > MAX_FILTER_ADDRESSES) throw new CodecError('exceed max addresses');
  return input.map((item: unknown, index) => {
    if (typeof item !== 'string') throw new CodecError(`non-string address at index ${index}`);
    return withPrefix(`invalid address at index ${index}`, () => decodeLogAddress(item));
  });
}

// geth's filters.decodeAddress: any hexutil bytes, then a length check with its own wording.
function decodeLogAddress(text: string): string {
  const bytes = decodeData(text);
  if (bytes.length !== ADDRESS_BYTES) {
    throw new CodecError(
      `hex has invalid length ${bytes.length} after decoding; expected ${ADDRESS_BYTES} for address`,
    );
  }
  return encodeData(bytes);
}

function withPrefix<T>(prefix: string, decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw error instanceof CodecError ? new CodecError(`${prefix}: ${error.reason}`) : error;
  }
}

// A JSON array decoded item by item; a failing item is reported with its index.
import { CodecError, inEntry } from './codec-error';

export interface ListOptions {
  /** The Go slice type geth would name when the value is not an array, e.g. `[]common.Hash`. */
  readonly goType: string;
  /** Most items accepted, so one request cannot make the tier decode millions of entries. */
  readonly maxItems?: number;
}

export function decodeList<T>(input: unknown, decodeItem: (item: unknown) => T, options: ListOptions): T[] {
  if (!Array.isArray(input)) throw CodecError.wrongKind(input, options.goType);
  if (options.maxItems !== undefined && input.length > options.maxItems) {
    throw new CodecError(`too many items, want at most ${options.maxItems}`);
  }
  return input.map((item: unknown, index) => inEntry(index, () => decodeItem(item)));
}

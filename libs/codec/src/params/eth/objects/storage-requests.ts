// eth_getStorageValues' request map: address → storage slots, as geth reads
// map[common.Address][]common.Hash (slots here may be shorter than 32 bytes, as the spec allows).
import {
  CodecError,
  decodeAddress,
  decodeList,
  decodeStorageKey,
  inEntry,
  isJsonObject,
} from '../../../primitives';
import { IsDecodedBy } from '../../validators';

/** Lowercase address → 32-byte lowercase slots. */
export type StorageRequests = ReadonlyMap<string, readonly string[]>;

export function decodeStorageRequests(input: unknown): StorageRequests {
  if (!isJsonObject(input)) throw CodecError.wrongKind(input, 'map[common.Address][]common.Hash');
  const requests = new Map<string, string[]>();
  for (const [key, value] of Object.entries(input)) {
    const address = inEntry(key, () => decodeAddress(key));
    const slots = inEntry(key, () =>
      decodeList(value, (item) => decodeStorageKey(item), { goType: '[]common.Hash' }),
    );
    // Two spellings of one address (different letter case) merge rather than overwrite.
    requests.set(address, [...(requests.get(address) ?? []), ...slots]);
  }
  return requests;
}

export const IsStorageRequests = (): PropertyDecorator =>
  IsDecodedBy('isStorageRequests', (value) => decodeStorageRequests(value));

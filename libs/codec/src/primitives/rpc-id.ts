// Filter and subscription ids. geth mints them as quantities (0x + hex, leading zeros trimmed) and
// the spec types them `uint`, so they are read as 256-bit quantities and kept in lowercase text.
import { CodecError } from './codec-error';
import { decodeQuantity, encodeQuantity } from './quantity';

export function decodeRpcId(input: unknown): string {
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'rpc.ID');
  return encodeQuantity(decodeQuantity(input, { bits: 256 }));
}

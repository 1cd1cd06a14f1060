// Filter and subscription ids. geth mints them as quantities (0x + hex, leading zeros trimmed) and
// the spec types them `uint`, so they are read as 256-bit quantities and kept in lowercase text.
import { randomBytes } from 'node:crypto';
import { CodecError } from './codec-error';
import { decodeQuantity, encodeQuantity } from './quantity';

export function decodeRpcId(input: unknown): string {
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'rpc.ID');
  return encodeQuantity(decodeQuantity(input, { bits: 256 }));
}

/** A new filter or subscription id as geth's rpc.NewID mints it: 16 random bytes, leading zeros trimmed. */
export function newRpcId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`;
}

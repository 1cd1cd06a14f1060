// A storage slot (eth_getStorageAt, eth_getProof): up to 32 bytes of 0x-hex, odd length allowed
// ("0x0" is slot zero), left-padded to a 32-byte key, with the messages of geth's decodeHash.
import { CodecError } from './codec-error';
import { isHexDigits, stripHexPrefix } from './hex-text';

export function decodeStorageKey(input: unknown): string {
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'string');
  const digits = stripHexPrefix(input);
  if (digits.length > 64) throw new CodecError('hex string too long, want at most 32 bytes');
  if (!isHexDigits(digits)) throw new CodecError('hex string invalid');
  return `0x${digits.toLowerCase().padStart(64, '0')}`;
}

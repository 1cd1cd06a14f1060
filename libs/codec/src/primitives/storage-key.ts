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

/** An eth_getProof storage key: the 32-byte slot it reads and the key its answer echoes. */
export interface ProofStorageKey {
  /** Left-padded to 32 bytes, lowercase. */
  readonly slot: string;
  /** geth's output key: a 32-byte input as 32 bytes (lowercase), a shorter one as a QUANTITY ("0x0", "0x1"). */
  readonly key: string;
}

export function decodeProofStorageKey(input: unknown): ProofStorageKey {
  const slot = decodeStorageKey(input);
  const digits = stripHexPrefix(input as string);
  // geth's decodeHash pads an odd length with one 0 before counting bytes: 63 digits are 32 bytes.
  if (digits.length >= 63) return { slot, key: slot };
  return { slot, key: `0x${BigInt(slot).toString(16)}` };
}

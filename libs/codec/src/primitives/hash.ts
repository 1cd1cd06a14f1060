// HASH32: 32 bytes as 0x-hex (block and transaction hashes, topics), lowercase on the way out.
import { hexlify, isHexString } from 'ethers';
import { CodecError } from './codec-error';
import { decodeFixedHex } from './data';

export const HASH_BYTES = 32;

export function decodeHash32(input: unknown): string {
  return decodeFixedHex(input, HASH_BYTES, 'common.Hash');
}

export function encodeHash32(hash: Uint8Array | string): string {
  const hex = typeof hash === 'string' ? hash : hexlify(hash);
  if (!isHexString(hex, HASH_BYTES)) throw new CodecError(`not a ${HASH_BYTES}-byte hash: ${hex}`);
  return hex.toLowerCase();
}

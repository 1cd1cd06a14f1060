// ADDRESS: 20 bytes as 0x-hex. Any letter case is accepted and the EIP-55 checksum is not
// enforced, as in geth; Photon always answers in lowercase, as geth does.
import { hexlify, isHexString } from 'ethers';
import { CodecError } from './codec-error';
import { decodeFixedHex } from './data';

export const ADDRESS_BYTES = 20;

export function decodeAddress(input: unknown): string {
  return decodeFixedHex(input, ADDRESS_BYTES, 'common.Address');
}

/** Lowercase 0x + 40 hex digits from 20 bytes or from an address string in any case. */
export function encodeAddress(address: Uint8Array | string): string {
  const hex = typeof address === 'string' ? address : hexlify(address);
  if (!isHexString(hex, ADDRESS_BYTES)) throw new CodecError(`not a ${ADDRESS_BYTES}-byte address: ${hex}`);
  return hex.toLowerCase();
}

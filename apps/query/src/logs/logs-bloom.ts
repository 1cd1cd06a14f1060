// Ethereum's 2048-bit log bloom: a cheap "might contain" test that lets eth_getLogs skip a block's
// receipts when none of the filter's addresses or topics can be in it.
import { getBytes, keccak256 } from 'ethers';

const BLOOM_BYTES = 256;

/** True when `value` (an address or topic) may have been added to `bloom` (a 0x 256-byte hex). */
export function bloomMayContain(bloom: Uint8Array, value: string): boolean {
  const hash = getBytes(keccak256(value));
  for (let pair = 0; pair < 6; pair += 2) {
    // Each of the first three byte pairs selects one of the 2048 bits (yellow paper, M3:2048).
    const bit = ((hash[pair]! << 8) | hash[pair + 1]!) & 2047;
    const byte = BLOOM_BYTES - 1 - (bit >> 3);
    if ((bloom[byte]! & (1 << (bit & 7))) === 0) return false;
  }
  return true;
}

export function decodeBloom(hex: string): Uint8Array {
  const bytes = getBytes(hex);
  if (bytes.length !== BLOOM_BYTES) throw new Error(`a bloom has ${BLOOM_BYTES} bytes, got ${bytes.length}`);
  return bytes;
}

// Ethereum's 2048-bit log bloom: a cheap "might contain" test that lets eth_getLogs skip a block's
// receipts when none of the filter's addresses or topics can be in it.
import { getBytes, keccak256 } from 'ethers';

const BLOOM_BYTES = 256;

/** The three bits an address or topic sets in a bloom, as byte offsets and masks. */
export type BloomBits = readonly (readonly [byte: number, mask: number])[];

/** Bits of recent values: clients repeat the same few addresses and topics, and a keccak is most of a query. */
const recentBits = new Map<string, BloomBits>();
const RECENT_BITS_MAX = 4_096;

/** The bits `value` (an address or topic) sets: one keccak, so a filter computes them once, not per block. */
export function bloomBits(value: string): BloomBits {
  const known = recentBits.get(value);
  if (known !== undefined) return known;
  if (recentBits.size >= RECENT_BITS_MAX) recentBits.clear();
  const bits = computeBits(value);
  recentBits.set(value, bits);
  return bits;
}

function computeBits(value: string): BloomBits {
  const hash = getBytes(keccak256(value));
  const bits: [number, number][] = [];
  for (let pair = 0; pair < 6; pair += 2) {
    // Each of the first three byte pairs selects one of the 2048 bits (yellow paper, M3:2048).
    const bit = ((hash[pair]! << 8) | hash[pair + 1]!) & 2047;
    bits.push([BLOOM_BYTES - 1 - (bit >> 3), 1 << (bit & 7)]);
  }
  return bits;
}

/** True when the value whose bits these are may have been added to `bloom`. */
export function bloomHas(bloom: Uint8Array, bits: BloomBits): boolean {
  return bits.every(([byte, mask]) => (bloom[byte]! & mask) !== 0);
}

export function decodeBloom(hex: string): Uint8Array {
  const bytes = getBytes(hex);
  if (bytes.length !== BLOOM_BYTES) throw new Error(`a bloom has ${BLOOM_BYTES} bytes, got ${bytes.length}`);
  return bytes;
}

// Ethereum's 2048-bit logs bloom (yellow paper §4.3.1), as Ethermint writes it in receipts and in the
// `block_bloom` event: built by the devnet and by the engine client, tested by eth_getLogs to skip a block's
// receipts when none of a filter's addresses or topics can be in it.
import { getBytes, keccak256 } from 'ethers';

export const BLOOM_BYTES = 256;

/** The three bits an address or topic sets in a bloom, as byte offsets and masks. */
export type BloomBits = readonly (readonly [byte: number, mask: number])[];

/** A log as the bloom reads it: its address and topics (0x hex). */
export interface BloomLog {
  readonly address: string;
  readonly topics: readonly string[];
}

/** Bits of recent values: the same few addresses and topics recur, and a keccak is most of the work. */
const recentBits = new Map<string, BloomBits>();
const RECENT_BITS_MAX = 4_096;

/** The bits `value` (an address or topic, 0x hex) sets: one keccak, so a filter computes them once, not per block. */
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

/** Sets the bits of `value` (an address or topic, 0x hex) in `bloom`. */
export function addToBloom(bloom: Uint8Array, value: string): void {
  for (const [byte, mask] of bloomBits(value)) bloom[byte] = bloom[byte]! | mask;
}

/** A receipt's bloom: every log's address and topics. */
export function logsBloom(logs: readonly BloomLog[]): Uint8Array {
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (const log of logs) {
    addToBloom(bloom, log.address);
    for (const topic of log.topics) addToBloom(bloom, topic);
  }
  return bloom;
}

/** A block's bloom: the OR of its receipts' blooms. */
export function orBlooms(blooms: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(BLOOM_BYTES);
  for (const bloom of blooms) for (let i = 0; i < BLOOM_BYTES; i++) out[i] = out[i]! | bloom[i]!;
  return out;
}

// Ethereum's 2048-bit log bloom (yellow paper §4.3.1): for the address and each topic, three bits picked from
// the keccak256 of the value.
import { type Hex } from '@photon/types';
import { getBytes, keccak256 } from 'ethers';
import { type RawLog } from './tx-logs';

export const BLOOM_BYTES = 256;

export function addToBloom(bloom: Uint8Array, value: Hex): void {
  const hash = getBytes(keccak256(value));
  for (let i = 0; i < 6; i += 2) {
    const bit = (((hash[i] ?? 0) << 8) | (hash[i + 1] ?? 0)) & 2047;
    const byte = BLOOM_BYTES - 1 - (bit >> 3);
    bloom[byte] = (bloom[byte] ?? 0) | (1 << (bit & 7));
  }
}

export function logsBloom(logs: readonly RawLog[]): Uint8Array {
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (const log of logs) {
    addToBloom(bloom, log.address);
    for (const topic of log.topics) addToBloom(bloom, topic);
  }
  return bloom;
}

export function orBlooms(blooms: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(BLOOM_BYTES);
  for (const bloom of blooms) for (let i = 0; i < BLOOM_BYTES; i++) out[i] = (out[i] ?? 0) | (bloom[i] ?? 0);
  return out;
}

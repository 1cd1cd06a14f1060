// The hashes of a run of blocks, oldest first, from CometBFT's `blockchain` (20 headers per call): an
// Ethermint block's Ethereum hash is its CometBFT header hash.
import type { CometHttpClient } from '@photon/engine-client';

/** `blockchain` returns at most this many metas per call. */
const METAS_PER_CALL = 20n;

export async function blockHashes(comet: CometHttpClient, from: bigint, to: bigint): Promise<string[]> {
  const hashes: string[] = [];
  for (let low = from; low <= to; low += METAS_PER_CALL) {
    const high = low + METAS_PER_CALL - 1n < to ? low + METAS_PER_CALL - 1n : to;
    const { blockMetas } = await comet.blockchain(low, high);
    const ascending = [...blockMetas].sort((a, b) => (a.header.height < b.header.height ? -1 : 1));
    for (const meta of ascending) hashes.push(meta.blockId.hash.toLowerCase());
  }
  return hashes;
}

// RFC 6962 simple merkle root over byte slices, as CometBFT's merkle.HashFromByteSlices: every root
// in a block header (data, results, validators, commit, block parts) is built with it.
import { createHash } from 'node:crypto';

const LEAF_PREFIX = Uint8Array.of(0);
const INNER_PREFIX = Uint8Array.of(1);

/** SHA-256 (CometBFT's tmhash) of the concatenation of `parts`. */
export function sha256(...parts: readonly Uint8Array[]): Uint8Array {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return new Uint8Array(hash.digest());
}

/** The root of an empty tree: sha256 of nothing (E3B0C442…), distinct from the hash of one empty leaf. */
export function emptyHash(): Uint8Array {
  return sha256();
}

export function leafHash(leaf: Uint8Array): Uint8Array {
  return sha256(LEAF_PREFIX, leaf);
}

export function innerHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(INNER_PREFIX, left, right);
}

/** The largest power of two strictly less than `n` (n ≥ 2): the left subtree takes that many leaves. */
export function splitPoint(n: number): number {
  if (n < 2) throw new RangeError(`cannot split a tree of ${n} leaves`);
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** Merkle root of `items` in order (CometBFT merkle.HashFromByteSlices). */
export function merkleRoot(items: readonly Uint8Array[]): Uint8Array {
  return rootOf(items, 0, items.length);
}

function rootOf(items: readonly Uint8Array[], start: number, end: number): Uint8Array {
  const count = end - start;
  if (count === 0) return emptyHash();
  if (count === 1) return leafHash(items[start] as Uint8Array);
  const middle = start + splitPoint(count);
  return innerHash(rootOf(items, start, middle), rootOf(items, middle, end));
}

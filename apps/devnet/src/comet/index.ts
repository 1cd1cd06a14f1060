// CometBFT 0.38 primitives of the devnet: block hashing, the RPC's JSON encodings (the event query language
// lives in @photon/ethermint-wire), each matching what a real node computes and writes.
export * from './block-hashes';
export * from './encoding';
export { blockId, blockPartSetHeader, BLOCK_PART_SIZE_BYTES, headerHash } from './header-hash';
export { emptyHash, merkleRoot, sha256 } from './merkle';
export * from './types';

// The fixed header values a proof-of-stake chain without uncles or mining serves, as geth does after
// the merge; CLIENT-COMPAT.md says which clients break on anything else (null, "0x0", "0x").

/** keccak256(rlp([])): the ommers hash of a block with no uncles. */
export const EMPTY_UNCLES_HASH = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';

/** The root of an empty trie (transactionsRoot/receiptsRoot of a block without Ethereum txs). */
export const EMPTY_TRIE_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

/** 32 zero bytes: mixHash, and the parent of the first block. */
export const ZERO_HASH = `0x${'0'.repeat(64)}`;

/** 8 zero bytes: the block nonce (bytes8 in the schema; ethers rejects "0x0"). */
export const ZERO_NONCE = '0x0000000000000000';

/** Bytes of a logs bloom. */
export const BLOOM_BYTES = 256;

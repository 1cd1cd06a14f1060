// Ethereum's ordered-trie roots (go-ethereum DeriveSha): key rlp(index), value the EIP-2718 encoding of the
// transaction or receipt. The empty trie's root is keccak256(rlp('')) = 0x56e8…b421.
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { EMPTY_TRIE_ROOT } from '@photon/codec';
import { type Hex } from '@photon/types';
import { getBytes, toBeArray } from 'ethers';
import { type RawLog } from './tx-logs';

export async function orderedTrieRoot(values: readonly Uint8Array[]): Promise<Hex> {
  // An empty block's two roots, without making a trie (its constructor's logger setup and hashing were ~3 % of
  // the query thread on the public-endpoint mix, whose block reads are mostly of empty blocks).
  if (values.length === 0) return EMPTY_TRIE_ROOT;
  const trie = new MerklePatriciaTrie();
  for (let i = 0; i < values.length; i++) await trie.put(RLP.encode(i), values[i]!);
  return `0x${Buffer.from(trie.root()).toString('hex')}`;
}

export interface ReceiptForRoot {
  readonly type: number;
  readonly status: 0 | 1;
  readonly cumulativeGasUsed: bigint;
  readonly bloom: Uint8Array;
  readonly logs: readonly RawLog[];
}

/** The consensus encoding: rlp([status, cumulativeGasUsed, bloom, logs]), prefixed by the type for typed txs. */
export function encodeReceipt(receipt: ReceiptForRoot): Uint8Array {
  const body = RLP.encode([
    receipt.status === 1 ? Uint8Array.of(1) : new Uint8Array(),
    receipt.cumulativeGasUsed === 0n ? new Uint8Array() : toBeArray(receipt.cumulativeGasUsed),
    receipt.bloom,
    receipt.logs.map((log) => [
      getBytes(log.address),
      log.topics.map((t) => getBytes(t)),
      getBytes(log.data),
    ]),
  ]);
  if (receipt.type === 0) return body;
  const typed = new Uint8Array(body.length + 1);
  typed[0] = receipt.type;
  typed.set(body, 1);
  return typed;
}

// Ethereum's ordered-trie roots (go-ethereum DeriveSha): key rlp(index), value the EIP-2718 encoding of the
// transaction or receipt. The empty trie's root is keccak256(rlp('')) = 0x56e8…b421.
import { RLP } from '@ethereumjs/rlp';
import { EMPTY_TRIE_ROOT, encodeData } from '@photon/codec';
import { keccak256Bytes } from '@photon/ethermint-wire';
import { type Hex } from '@photon/types';
import { getBytes, toBeArray } from 'ethers';
import { type RawLog } from './tx-logs';

/**
 * The root of the trie mapping rlp(i) to values[i], built at once from the sorted keys rather than by a
 * Merkle-Patricia trie's puts: ethereumjs' trie (async puts into a database, a node hashed at every put) took
 * about 55 µs a value, two roots a block, so a block of 100 txs spent 11 ms on its roots.
 */
export function orderedTrieRoot(values: readonly Uint8Array[]): Hex {
  if (values.length === 0) return EMPTY_TRIE_ROOT;
  const entries = values.map((value, i) => ({ key: nibbles(RLP.encode(i)), value }));
  entries.sort((a, b) => compareNibbles(a.key, b.key));
  return encodeData(keccak256Bytes(RLP.encode(trieNode(entries, 0)))) as Hex;
}

/** A trie node as RLP items: a leaf or extension [path, value or child], or a branch of 17 items. */
type TrieNode = Uint8Array | TrieNode[];

interface Entry {
  readonly key: readonly number[];
  readonly value: Uint8Array;
}

const EMPTY = new Uint8Array();

/** The node holding `entries` (sorted, distinct keys, at least one) below the first `depth` nibbles. */
function trieNode(entries: readonly Entry[], depth: number): TrieNode {
  const first = entries[0]!;
  if (entries.length === 1) return [hexPrefix(first.key.slice(depth), true), first.value];
  // Sorted keys: what the first and the last share, all share.
  const last = entries[entries.length - 1]!;
  let shared = 0;
  while (
    depth + shared < first.key.length &&
    depth + shared < last.key.length &&
    first.key[depth + shared] === last.key[depth + shared]
  )
    shared++;
  if (shared > 0)
    return [
      hexPrefix(first.key.slice(depth, depth + shared), false),
      reference(trieNode(entries, depth + shared)),
    ];
  const branch: TrieNode[] = new Array<TrieNode>(17).fill(EMPTY);
  let start = 0;
  // A key that ends here (a prefix of the others) keeps its value in the branch's 17th slot.
  if (first.key.length === depth) {
    branch[16] = first.value;
    start = 1;
  }
  while (start < entries.length) {
    const nibble = entries[start]!.key[depth]!;
    let end = start + 1;
    while (end < entries.length && entries[end]!.key[depth] === nibble) end++;
    branch[nibble] = reference(trieNode(entries.slice(start, end), depth + 1));
    start = end;
  }
  return branch;
}

/** How a parent holds a child: the child itself when its encoding is under 32 bytes, else its hash. */
function reference(node: TrieNode): TrieNode {
  const encoded = RLP.encode(node);
  return encoded.length < 32 ? node : keccak256Bytes(encoded);
}

/** The hex-prefix encoding of a path of nibbles (yellow paper, appendix C). */
function hexPrefix(path: readonly number[], leaf: boolean): Uint8Array {
  const odd = path.length % 2;
  const out = new Uint8Array(1 + ((path.length - odd) >> 1));
  let next = 0;
  out[0] = ((leaf ? 2 : 0) + odd) << 4;
  if (odd === 1) out[0] |= path[next++]!;
  for (let i = 1; i < out.length; i++, next += 2) out[i] = (path[next]! << 4) | path[next + 1]!;
  return out;
}

function nibbles(bytes: Uint8Array): number[] {
  const out: number[] = [];
  for (const byte of bytes) out.push(byte >> 4, byte & 0x0f);
  return out;
}

function compareNibbles(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
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

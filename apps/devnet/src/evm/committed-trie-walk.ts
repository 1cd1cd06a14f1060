// Reads of the chain's tries by walking their nodes directly. A node is named by its hash and never changes, so
// each is decoded once and kept, shared by every root and every query VM; a read is then a short loop over kept
// nodes. MerklePatriciaTrie.get walks through a walk controller with a task queue and decodes every node on the
// path again on every read: under distinct-caller eth_calls that walk and its RLP were 14 % of the devnet thread
// (perf, photon start), and a read of an absent account took three times as long as this loop. Same answers as
// MerklePatriciaTrie.get on a trie that hashes its keys (every state and storage trie of the chain), which the
// spec checks against it.
import {
  BranchMPTNode,
  type ExtensionMPTNode,
  LeafMPTNode,
  decodeMPTNode,
  decodeRawMPTNode,
  isRawMPTNode,
} from '@ethereumjs/mpt';
import { KECCAK256_RLP, bytesToUnprefixedHex, equalsBytes } from '@ethereumjs/util';
import { keccak256Bytes } from '@photon/ethermint-wire';

type TrieNode = BranchMPTNode | ExtensionMPTNode | LeafMPTNode;

/** A branch's slot or an extension's child: a 32-byte hash, or a node under 32 bytes inlined as its raw list. */
type NodeRef = Uint8Array | Uint8Array[];

/** Where node bytes come from by hash: a trie's `database()`. */
export interface TrieNodeSource {
  get(hash: Uint8Array): Promise<Uint8Array | undefined>;
}

/**
 * Decoded nodes kept. A branch node decoded holds 17 references, about 1–2 KB in memory: 10,000 nodes are at
 * most ~20 MB, and more than the upper levels every read passes through on a chain of millions of accounts.
 */
const DEFAULT_MAX_NODES = 10_000;

/** The key's nibbles, high half of each byte first (the package's exported bytesToNibbles adds a terminator). */
function nibblesOf(key: Uint8Array): Uint8Array {
  const nibbles = new Uint8Array(key.length * 2);
  for (let i = 0; i < key.length; i++) {
    const byte = key[i] ?? 0;
    nibbles[2 * i] = byte >> 4;
    nibbles[2 * i + 1] = byte & 0x0f;
  }
  return nibbles;
}

export class CommittedTrieWalk {
  private readonly nodes = new Map<string, TrieNode>();

  constructor(private readonly maxNodes = DEFAULT_MAX_NODES) {}

  /**
   * The value at `key` in the trie whose root is `root`, null when it has none: what `trie.get(key)` answers. A
   * node missing from `source` ends the walk with null, as MerklePatriciaTrie.get does.
   */
  async get(source: TrieNodeSource, root: Uint8Array, key: Uint8Array): Promise<Uint8Array | null> {
    // The root of a trie with nothing in it: such a trie answers null to every key.
    if (equalsBytes(root, KECCAK256_RLP)) return null;
    // The tries hash their keys with Keccak-256 (MerklePatriciaTrie's useKeyHashing).
    const path = nibblesOf(keccak256Bytes(key));
    let node = await this.stored(source, root);
    let at = 0;
    while (node !== undefined) {
      if (node instanceof BranchMPTNode) {
        if (at === path.length) return node.value();
        const child = node.getBranch(path[at] ?? -1);
        if (child === null) return null;
        at += 1;
        node = await this.child(source, child);
        continue;
      }
      const nibbles = node.key();
      for (const nibble of nibbles) {
        if (path[at] !== nibble) return null;
        at += 1;
      }
      if (node instanceof LeafMPTNode) return at === path.length ? node.value() : null;
      node = await this.child(source, node.value() as NodeRef);
    }
    return null;
  }

  /** Decoded nodes kept now (for tests). */
  get size(): number {
    return this.nodes.size;
  }

  private child(source: TrieNodeSource, ref: NodeRef): Promise<TrieNode | undefined> | TrieNode {
    return isRawMPTNode(ref) ? decodeRawMPTNode(ref) : this.stored(source, ref);
  }

  /** The node stored under `hash`, decoded once; undefined when the source does not have it. */
  private async stored(source: TrieNodeSource, hash: Uint8Array): Promise<TrieNode | undefined> {
    const name = bytesToUnprefixedHex(hash);
    const kept = this.nodes.get(name);
    if (kept !== undefined) return kept;
    const bytes = await source.get(hash);
    if (bytes === undefined) return undefined;
    const node = decodeMPTNode(bytes);
    // Starting over is cheap: the levels every read passes through are back after a few reads.
    if (this.nodes.size >= this.maxNodes) this.nodes.clear();
    this.nodes.set(name, node);
    return node;
  }
}

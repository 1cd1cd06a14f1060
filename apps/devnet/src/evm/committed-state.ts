// Reads of committed state for the Ethermint Query service (balance, nonce, code, storage): straight from the
// tries at a height's root, through the chain's CommittedReads, as MerkleStateManager reads them but without
// making one per query. Making a state manager and its trie (a hash, a debug logger, a checkpoint DB) cost
// more than the read itself: an eth_getBalance of a new account spent ~120 µs on the devnet, most of it there.
import type { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { CODEHASH_PREFIX } from '@ethereumjs/statemanager';
import { RLP } from '@ethereumjs/rlp';
import {
  type Account,
  type Address,
  bytesToUnprefixedHex,
  concatBytes,
  createAccountFromRLP,
} from '@ethereumjs/util';
import type { CommittedReads } from './committed-reads';
import type { CommittedTrieWalk } from './committed-trie-walk';

/** Tries kept (state and storage roots alike); when full they are all dropped, as they are cheap to remake. */
const MAX_KEPT_TRIES = 64;

export class CommittedState {
  /** A trie per root read lately: a root's trie never changes, and reads do not write. */
  private readonly tries = new Map<string, MerklePatriciaTrie>();

  constructor(
    /** A trie at `root` over the committed nodes (key hashing as the chain's own state uses). */
    private readonly trieAt: (root: Uint8Array) => MerklePatriciaTrie,
    private readonly reads: CommittedReads,
    /** Reads the tries' values (what `trie.get` answers) through the chain's decoded nodes. */
    private readonly walk: CommittedTrieWalk,
  ) {}

  /** The account at `address` in the state whose root is `stateRoot`; undefined when it has none. */
  async account(stateRoot: Uint8Array, address: Address): Promise<Account | undefined> {
    const nodes = this.trie(stateRoot).database();
    const rlp = await this.reads.account(stateRoot, address.bytes, () =>
      this.walk.get(nodes, stateRoot, address.bytes),
    );
    return rlp === null ? undefined : createAccountFromRLP(rlp);
  }

  /** The slot's value, its leading zeros stripped as MerkleStateManager.getStorage returns it. */
  async storage(stateRoot: Uint8Array, address: Address, key: Uint8Array): Promise<Uint8Array> {
    if (key.length !== 32) throw new RangeError('a storage key is 32 bytes');
    const account = await this.account(stateRoot, address);
    if (account === undefined) return new Uint8Array();
    const nodes = this.trie(account.storageRoot).database();
    const value = await this.reads.slot(account.storageRoot, key, () =>
      this.walk.get(nodes, account.storageRoot, key),
    );
    return RLP.decode(value ?? new Uint8Array(0)) as Uint8Array;
  }

  /** The account's code; empty for an account without code or no account. */
  async code(stateRoot: Uint8Array, address: Address): Promise<Uint8Array> {
    const account = await this.account(stateRoot, address);
    if (account?.isContract() !== true) return new Uint8Array(0);
    const trie = this.trie(stateRoot);
    // Where MerkleStateManager puts code (its default prefixCodeHashes), and callers must not change it.
    return this.reads.code(
      account.codeHash,
      async () =>
        (await trie.database().get(concatBytes(CODEHASH_PREFIX, account.codeHash))) ?? new Uint8Array(0),
    );
  }

  private trie(root: Uint8Array): MerklePatriciaTrie {
    const key = bytesToUnprefixedHex(root);
    let trie = this.tries.get(key);
    if (trie === undefined) {
      if (this.tries.size >= MAX_KEPT_TRIES) this.tries.clear();
      trie = this.trieAt(root);
      this.tries.set(key, trie);
    }
    return trie;
  }
}

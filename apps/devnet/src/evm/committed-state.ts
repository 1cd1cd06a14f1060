// Reads of committed state for the Ethermint Query service (balance, nonce, code, storage): straight from the
// tries at a height's root, through the chain's CommittedReads, as MerkleStateManager reads them but without
// making one per query. Making a state manager and its trie (a hash, a debug logger, a checkpoint DB) cost
// more than the read itself: an eth_getBalance of a new account spent ~120 µs on the devnet, most of it there.
import { CODEHASH_PREFIX } from '@ethereumjs/statemanager';
import { RLP } from '@ethereumjs/rlp';
import { type Account, type Address, concatBytes, createAccountFromRLP } from '@ethereumjs/util';
import type { CommittedReads } from './committed-reads';
import type { CommittedTrieWalk, TrieNodeSource } from './committed-trie-walk';

export class CommittedState {
  constructor(
    /** The committed nodes (and code), which every state and storage root reads through. */
    private readonly nodes: TrieNodeSource,
    private readonly reads: CommittedReads,
    /** Reads the tries' values (what `trie.get` answers) through the chain's decoded nodes. */
    private readonly walk: CommittedTrieWalk,
  ) {}

  /** The account at `address` in the state whose root is `stateRoot`; undefined when it has none. */
  async account(stateRoot: Uint8Array, address: Address): Promise<Account | undefined> {
    const rlp = await this.reads.account(stateRoot, address.bytes, () =>
      this.walk.get(this.nodes, stateRoot, address.bytes),
    );
    return rlp === null ? undefined : createAccountFromRLP(rlp);
  }

  /** The slot's value, its leading zeros stripped as MerkleStateManager.getStorage returns it. */
  async storage(stateRoot: Uint8Array, address: Address, key: Uint8Array): Promise<Uint8Array> {
    if (key.length !== 32) throw new RangeError('a storage key is 32 bytes');
    const account = await this.account(stateRoot, address);
    if (account === undefined) return new Uint8Array();
    const value = await this.reads.slot(account.storageRoot, key, () =>
      this.walk.get(this.nodes, account.storageRoot, key),
    );
    return RLP.decode(value ?? new Uint8Array(0)) as Uint8Array;
  }

  /** The account's code; empty for an account without code or no account. */
  async code(stateRoot: Uint8Array, address: Address): Promise<Uint8Array> {
    const account = await this.account(stateRoot, address);
    if (account?.isContract() !== true) return new Uint8Array(0);
    // Where MerkleStateManager puts code (its default prefixCodeHashes), and callers must not change it.
    return this.reads.code(
      account.codeHash,
      async () => (await this.nodes.get(concatBytes(CODEHASH_PREFIX, account.codeHash))) ?? new Uint8Array(0),
    );
  }
}

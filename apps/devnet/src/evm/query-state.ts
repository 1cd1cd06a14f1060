// The state manager of a query VM: ethereumjs' MerkleStateManager with its caches, whose misses are first
// looked up in the chain's CommittedReads. A call runs inside a checkpoint that is reverted, and a revert
// also empties what the caches learnt during the call, so without this every call would walk the tries
// (hash the key, decode each node) again for the same accounts, slots and code.
import { Caches, MerkleStateManager, type MerkleStateManagerOpts } from '@ethereumjs/statemanager';
import { type Account, type Address, createAccountFromRLP } from '@ethereumjs/util';
import type { CommittedReads } from './committed-reads';

/** RLP of empty bytes: how the storage cache records a slot the trie does not have. */
const RLP_EMPTY_BYTES = Uint8Array.of(0x80);

export class QueryStateManager extends MerkleStateManager {
  private readonly caches: Caches;

  constructor(
    opts: Omit<MerkleStateManagerOpts, 'caches'>,
    private readonly reads: CommittedReads,
  ) {
    const caches = new Caches();
    super({ ...opts, caches });
    this.caches = caches;
  }

  // Each override puts what CommittedReads holds into the caches, exactly what the trie read would have put
  // there, then lets MerkleStateManager answer from its caches as usual.

  override async getAccount(address: Address): Promise<Account | undefined> {
    const cache = this.caches.account;
    if (cache !== undefined && cache.get(address) === undefined) {
      const trie = this._trie;
      const rlp = await this.reads.account(trie.root(), address.bytes, () => trie.get(address.bytes));
      cache.put(address, rlp === null ? undefined : createAccountFromRLP(rlp));
    }
    return super.getAccount(address);
  }

  override async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const cache = this.caches.storage;
    if (cache !== undefined && key.length === 32 && cache.get(address, key) === undefined) {
      const account = await this.getAccount(address);
      if (account !== undefined) {
        // The storage trie a write would have changed also moved the account's storage root.
        const value = await this.reads.slot(account.storageRoot, key, () =>
          this._getStorageTrie(address, account).get(key),
        );
        cache.put(address, key, value ?? RLP_EMPTY_BYTES);
      }
    }
    return super.getStorage(address, key);
  }

  override async getCode(address: Address): Promise<Uint8Array> {
    const cache = this.caches.code;
    if (cache !== undefined && cache.get(address) === undefined) {
      const account = await this.getAccount(address);
      if (account?.isContract() === true) {
        const code = await this.reads.code(account.codeHash, () => super.getCode(address));
        cache.put(address, code);
      }
    }
    return super.getCode(address);
  }
}

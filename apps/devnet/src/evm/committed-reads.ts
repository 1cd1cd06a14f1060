// What query calls read from the tries, kept by content: a trie at a given root maps each key to one value
// forever (trie nodes are never pruned), so an account looked up at a state root, a slot at a storage root
// and code under its hash are read through the trie once and then served from memory, to every query VM
// and every height whose state shares that root.
import { bytesToUnprefixedHex } from '@ethereumjs/util';

/** Most entries of each kind kept; past it the oldest go first (see MAX_KEPT_READS for the measurement). */
const DEFAULT_MAX_ENTRIES = 5_000;

class BoundedMemo<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly maxEntries: number) {}

  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const value = await load();
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

export class CommittedReads {
  private readonly accounts: BoundedMemo<Uint8Array | null>;
  private readonly slots: BoundedMemo<Uint8Array | null>;
  private readonly codes: BoundedMemo<Uint8Array>;

  constructor(maxEntries = DEFAULT_MAX_ENTRIES) {
    this.accounts = new BoundedMemo(maxEntries);
    this.slots = new BoundedMemo(maxEntries);
    this.codes = new BoundedMemo(maxEntries);
  }

  /** The account trie's value (account RLP, null if absent) for `address` under `stateRoot`. */
  account(
    stateRoot: Uint8Array,
    address: Uint8Array,
    load: () => Promise<Uint8Array | null>,
  ): Promise<Uint8Array | null> {
    return this.accounts.get(bytesToUnprefixedHex(stateRoot) + bytesToUnprefixedHex(address), load);
  }

  /** The storage trie's value (RLP of the slot's bytes, null if absent) for `slot` under `storageRoot`. */
  slot(
    storageRoot: Uint8Array,
    slot: Uint8Array,
    load: () => Promise<Uint8Array | null>,
  ): Promise<Uint8Array | null> {
    return this.slots.get(bytesToUnprefixedHex(storageRoot) + bytesToUnprefixedHex(slot), load);
  }

  /** The code whose hash is `codeHash`; the same bytes object every time, which callers must not change. */
  code(codeHash: Uint8Array, load: () => Promise<Uint8Array>): Promise<Uint8Array> {
    return this.codes.get(bytesToUnprefixedHex(codeHash), load);
  }

  /** Entries kept now (for tests). */
  get size(): number {
    return this.accounts.size + this.slots.size + this.codes.size;
  }
}

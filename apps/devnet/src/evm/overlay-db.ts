// A trie database layer for queries: reads fall through to the chain's node store, writes stay in
// the layer and vanish with it. ethereumjs writes storage-trie nodes straight to the database even
// inside a checkpoint, so without it every eth_call that stores would leave orphan nodes behind.
import type { BatchDBOp, DB } from '@ethereumjs/util';

export type Key = string;
export type Value = string | Uint8Array;

/** The key as MapDB stores it: bytes as unprefixed lowercase hex. */
export function dbKey(key: Key | Uint8Array): string {
  return typeof key === 'string' ? key : Buffer.from(key).toString('hex');
}

export class OverlayDB implements DB<Key, Value> {
  private readonly writes = new Map<string, Value>();
  private readonly deleted = new Set<string>();

  constructor(private readonly base: DB<Key, Value>) {}

  async get(key: Key): Promise<Value | undefined> {
    const k = dbKey(key);
    if (this.deleted.has(k)) return undefined;
    return this.writes.get(k) ?? this.base.get(key);
  }

  put(key: Key, value: Value): Promise<void> {
    const k = dbKey(key);
    this.deleted.delete(k);
    this.writes.set(k, value);
    return Promise.resolve();
  }

  del(key: Key): Promise<void> {
    const k = dbKey(key);
    this.writes.delete(k);
    this.deleted.add(k);
    return Promise.resolve();
  }

  async batch(ops: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of ops) {
      if (op.type === 'put') await this.put(op.key, op.value);
      else await this.del(op.key);
    }
  }

  /** Storage tries are shallow copies of the account trie: they must share this layer. */
  shallowCopy(): DB<Key, Value> {
    return this;
  }

  open(): Promise<void> {
    return Promise.resolve();
  }

  /** How many nodes the layer holds (for tests). */
  get size(): number {
    return this.writes.size;
  }
}

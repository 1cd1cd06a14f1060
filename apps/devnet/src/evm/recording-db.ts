// The chain's own write path into the trie node store: every node written is also set aside until
// taken, so each committed block can be persisted with exactly the nodes it added.
import type { BatchDBOp, DB, MapDB } from '@ethereumjs/util';
import { type Key, type Value, dbKey } from './overlay-db';

/** Trie nodes (and contract code) by their store key, as written by one block. */
export type StateWrites = ReadonlyMap<string, Value>;

export class RecordingDB implements DB<Key, Value> {
  private recorded = new Map<string, Value>();

  constructor(private readonly base: MapDB<Key, Value>) {}

  get(key: Key): Promise<Value | undefined> {
    return this.base.get(key);
  }

  put(key: Key, value: Value): Promise<void> {
    this.recorded.set(dbKey(key), value);
    return this.base.put(key, value);
  }

  // Tries run without node pruning, so nothing deletes; a delete would only leave an unreachable
  // node in a restored store, which no root reads.
  del(key: Key): Promise<void> {
    this.recorded.delete(dbKey(key));
    return this.base.del(key);
  }

  async batch(ops: BatchDBOp<Key, Value>[]): Promise<void> {
    for (const op of ops) {
      if (op.type === 'put') await this.put(op.key, op.value);
      else await this.del(op.key);
    }
  }

  /** Storage tries are shallow copies of the account trie: their writes must be recorded too. */
  shallowCopy(): DB<Key, Value> {
    return this;
  }

  open(): Promise<void> {
    return Promise.resolve();
  }

  /** What was written since the last take; recording starts afresh. */
  take(): StateWrites {
    const taken = this.recorded;
    this.recorded = new Map();
    return taken;
  }
}

// The accepted-tx record of `photon start`: maps in the one process, age checked on every read.
import {
  ACCEPTED_TX_MAX_AGE_MS,
  ACCEPTED_TX_MAX_RECORDS,
  type AcceptedTx,
  AcceptedTxStore,
  acceptedKey,
} from './accepted-tx-store';

export interface AcceptedTxStoreLimits {
  readonly maxAgeMs?: number;
  readonly maxRecords?: number;
}

export class MemoryAcceptedTxStore extends AcceptedTxStore {
  /** Insertion order is arrival order. */
  private readonly byHash = new Map<string, AcceptedTx>();
  private readonly refusals = new Map<string, number>();
  private readonly maxAgeMs: number;
  private readonly maxRecords: number;

  constructor(
    limits: AcceptedTxStoreLimits = {},
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.maxAgeMs = limits.maxAgeMs ?? ACCEPTED_TX_MAX_AGE_MS;
    this.maxRecords = limits.maxRecords ?? ACCEPTED_TX_MAX_RECORDS;
  }

  add(tx: AcceptedTx): Promise<void> {
    const record = { ...tx, hash: acceptedKey(tx.hash), sender: acceptedKey(tx.sender) };
    for (const [hash, old] of this.byHash) {
      if (old.sender === record.sender && old.nonce === record.nonce) this.byHash.delete(hash);
    }
    this.byHash.delete(record.hash);
    this.byHash.set(record.hash, record);
    for (const hash of this.byHash.keys()) {
      if (this.byHash.size <= this.maxRecords) break;
      this.byHash.delete(hash);
    }
    return Promise.resolve();
  }

  get(hash: string): Promise<AcceptedTx | null> {
    this.sweep();
    return Promise.resolve(this.byHash.get(acceptedKey(hash)) ?? null);
  }

  forSender(sender: string): Promise<AcceptedTx[]> {
    this.sweep();
    const key = acceptedKey(sender);
    const txs = [...this.byHash.values()].filter((tx) => tx.sender === key);
    return Promise.resolve(txs.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0)));
  }

  list(): Promise<AcceptedTx[]> {
    this.sweep();
    return Promise.resolve([...this.byHash.values()]);
  }

  remove(hashes: readonly string[]): Promise<void> {
    for (const hash of hashes) {
      this.byHash.delete(acceptedKey(hash));
      this.refusals.delete(acceptedKey(hash));
    }
    return Promise.resolve();
  }

  refused(hash: string): Promise<number> {
    const key = acceptedKey(hash);
    const count = (this.refusals.get(key) ?? 0) + 1;
    if (this.byHash.has(key)) this.refusals.set(key, count);
    return Promise.resolve(count);
  }

  /** One process, one rebroadcaster: always its turn. */
  takeTurn(): Promise<boolean> {
    return Promise.resolve(true);
  }

  private sweep(): void {
    const oldest = this.now() - this.maxAgeMs;
    for (const [hash, tx] of this.byHash) {
      if (tx.acceptedAtMs >= oldest) break;
      this.byHash.delete(hash);
      this.refusals.delete(hash);
    }
  }
}

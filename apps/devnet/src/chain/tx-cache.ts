// CometBFT's mempool cache: the hashes of recently received txs, so a tx sent again (pending or
// already committed) is refused with "tx already exists in cache" before CheckTx runs.

/** CometBFT's `mempool.cache_size` default. */
export const DEFAULT_TX_CACHE_SIZE = 10_000;

export class TxCache {
  private readonly hashes = new Set<string>();

  constructor(private readonly capacity = DEFAULT_TX_CACHE_SIZE) {}

  /** Records `hash`; false when it was already there (the caller refuses the tx). */
  push(hash: string): boolean {
    if (this.hashes.has(hash)) return false;
    this.hashes.add(hash);
    if (this.hashes.size > this.capacity) {
      // A Set iterates in insertion order: the first entry is the oldest.
      const oldest = this.hashes.values().next();
      if (oldest.done !== true) this.hashes.delete(oldest.value);
    }
    return true;
  }

  /** Forgets a tx CheckTx refused, so a corrected resend is not mistaken for a duplicate (keep-invalid-txs-in-cache = false). */
  remove(hash: string): void {
    this.hashes.delete(hash);
  }
}

// The engine's mempool into the pending feed: each Ethereum tx the first page of `unconfirmed_txs` shows
// (gossiped ones included, which the tx service never saw) is appended once. Hashes seen lately are
// remembered, so a tx waiting for many blocks is not appended again on every look; the feed's own
// de-duplication covers a change of leader.
import type { PendingFeed } from '@photon/bus';
import type { EthereumChainReader } from '@photon/engine-client';

/** Hashes remembered (several full mempool pages of CometBFT's default size). */
const REMEMBERED = 20_000;

export class MempoolWatch {
  private readonly seen = new Set<string>();

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly feed: PendingFeed,
  ) {}

  /** Appends the hashes of the mempool's txs not appended before. */
  async look(): Promise<void> {
    for (const tx of await this.reader.pendingTransactions()) {
      if (this.seen.has(tx.hash)) continue;
      await this.feed.append(tx.hash);
      this.seen.add(tx.hash);
      if (this.seen.size > REMEMBERED) this.seen.delete(this.seen.values().next().value!);
    }
  }
}

// The eth_sendRawTransactionSync calls a replica holds: each waits for its tx hash to show up in a mined
// block, or for its deadline, whichever comes first. Bounded: past `maxWaits` a call is refused before it
// sends anything, so a burst of slow waits never holds more than the operator allowed.
import { LimitExceededError } from '@photon/codec';

/** How one wait ended. */
export type WaitOutcome = 'mined' | 'timeout';

/** A wait, registered before its tx is sent so a block mined meanwhile is not missed. */
export interface MinedTxWait {
  /** Starts the deadline (after the send) and settles with how the wait ended. */
  until(timeoutMs: number): Promise<WaitOutcome>;
  /** Gives the slot back: always called, whatever happened. */
  release(): void;
}

interface Entry {
  readonly hash: string;
  mined: boolean;
  settle?: (outcome: WaitOutcome) => void;
}

export class MinedTxWaits {
  private readonly entries = new Set<Entry>();

  constructor(private readonly maxWaits: number) {}

  /** Waits held now. */
  get size(): number {
    return this.entries.size;
  }

  /** Hashes (0x lowercase) being waited for; empty when nothing waits. */
  hashes(): ReadonlySet<string> {
    return new Set([...this.entries].map((entry) => entry.hash));
  }

  /** A wait for `hash`; throws -32005 when `maxWaits` are held already. */
  register(hash: string): MinedTxWait {
    if (this.entries.size >= this.maxWaits) {
      throw new LimitExceededError(
        `too many eth_sendRawTransactionSync calls waiting (${this.maxWaits}, --tx-sync-max-waits): ` +
          'the transaction was not sent; retry later or use eth_sendRawTransaction',
      );
    }
    const entry: Entry = { hash: hash.toLowerCase(), mined: false };
    this.entries.add(entry);
    let timer: NodeJS.Timeout | undefined;
    return {
      until: (timeoutMs) =>
        new Promise<WaitOutcome>((resolve) => {
          if (entry.mined) return resolve('mined');
          entry.settle = resolve;
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        }),
      release: () => {
        clearTimeout(timer);
        this.entries.delete(entry);
      },
    };
  }

  /** A block holding these tx hashes (0x lowercase) was mined: their waits end. */
  mined(hashes: ReadonlySet<string>): void {
    for (const entry of this.entries) {
      if (!hashes.has(entry.hash)) continue;
      entry.mined = true;
      entry.settle?.('mined');
    }
  }
}

// What the tx journal did in this process, read by /metrics: the txs kept at the last round, those sent
// again, and those dropped per reason.
import { Injectable } from '@nestjs/common';

/** Why a kept tx left the journal without a receipt. */
export type DropReason = 'expired' | 'refused' | 'replaced';

export interface TxJournalReading {
  readonly kept: number;
  readonly rebroadcast: number;
  readonly dropped: Readonly<Record<DropReason, number>>;
}

@Injectable()
export class TxJournalStats {
  private kept = 0;
  private rebroadcast = 0;
  private readonly dropped: Record<DropReason, number> = { expired: 0, refused: 0, replaced: 0 };

  keptNow(count: number): void {
    this.kept = count;
  }

  sentAgain(): void {
    this.rebroadcast++;
  }

  droppedFor(reason: DropReason, count = 1): void {
    this.dropped[reason] += count;
  }

  snapshot(): TxJournalReading {
    return { kept: this.kept, rebroadcast: this.rebroadcast, dropped: { ...this.dropped } };
  }
}

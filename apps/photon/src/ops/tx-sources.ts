// Feeds the tx service's metrics from its journal: kept, rebroadcast and dropped txs.
import type { INestApplicationContext } from '@nestjs/common';
import type { OpsMetrics } from '@photon/ops';
import { TxJournalStats } from '@photon/tx';

export function watchTx(metrics: OpsMetrics, app: INestApplicationContext): void {
  const journal = app.get(TxJournalStats);
  metrics.sources.watchTxJournal(() => journal.snapshot());
}

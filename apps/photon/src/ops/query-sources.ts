// Feeds the query service's metrics from what it already keeps: its caches' totals and the head it saw.
import type { INestApplicationContext } from '@nestjs/common';
import type { OpsMetrics } from '@photon/ops';
import { ChainHead, QueryCacheStats } from '@photon/query';

export function watchQuery(metrics: OpsMetrics, app: INestApplicationContext): void {
  const caches = app.get(QueryCacheStats);
  const head = app.get(ChainHead);
  metrics.sources.watchCaches(() => {
    const { blocks, transactions, receipts, head: perHead, final } = caches.snapshot();
    return { blocks, transactions, receipts, head: perHead, final };
  });
  metrics.sources.watchHead('query', () => head.seen());
}

// Feeds the process's metrics from what its apps already keep: the handler registry's calls, the query
// caches' totals and head, the events service's filters and leadership, the gateway's websockets and edge answers,
// the tx journal's kept, rebroadcast and dropped txs.
import type { INestApplicationContext } from '@nestjs/common';
import { RpcHandlerRegistry } from '@photon/bus';
import { EventsStats } from '@photon/events';
import { EdgeAnswers, EngineEventSocket, SubscriptionHub } from '@photon/gateway';
import { type OpsMetrics, errorCodeOf } from '@photon/ops';
import { ChainHead, QueryCacheStats } from '@photon/query';
import { TxJournalStats } from '@photon/tx';

/** Every call the app's handlers run, by the service owning it (`fallback` for a method of none). */
export function countHandlerCalls(metrics: OpsMetrics, app: INestApplicationContext, fallback: string): void {
  app
    .get(RpcHandlerRegistry)
    .observe((outcome) =>
      metrics.observeCall(
        outcome.service ?? fallback,
        outcome.method,
        outcome.seconds,
        outcome.ok ? undefined : errorCodeOf(outcome.error),
      ),
    );
}

export function watchQuery(metrics: OpsMetrics, app: INestApplicationContext): void {
  const caches = app.get(QueryCacheStats);
  const head = app.get(ChainHead);
  metrics.sources.watchCaches(() => {
    const { blocks, transactions, receipts, head: perHead, final } = caches.snapshot();
    return { blocks, transactions, receipts, head: perHead, final };
  });
  metrics.sources.watchHead('query', () => head.seen());
}

export function watchEvents(metrics: OpsMetrics, app: INestApplicationContext): void {
  const stats = app.get(EventsStats);
  metrics.sources.watchEvents(() => stats.snapshot());
}

export function watchGateway(metrics: OpsMetrics, app: INestApplicationContext): void {
  const hub = app.get(SubscriptionHub);
  const engineEvents = app.get(EngineEventSocket);
  const edge = app.get(EdgeAnswers);
  metrics.sources.watchEdge(() => edge.snapshot());
  metrics.sources.watchSockets(() => {
    const eth = hub.stats();
    const engine = engineEvents.stats();
    return {
      eth: {
        sessions: eth.sockets,
        subscriptions: eth.subscriptions,
        paused: eth.paused,
        unsentBytes: eth.unsentBytes,
        criteriaBytes: eth.criteriaBytes,
      },
      engine: { sessions: engine.connections, subscriptions: engine.subscriptions },
    };
  });
}

export function watchTx(metrics: OpsMetrics, app: INestApplicationContext): void {
  const journal = app.get(TxJournalStats);
  metrics.sources.watchTxJournal(() => journal.snapshot());
}

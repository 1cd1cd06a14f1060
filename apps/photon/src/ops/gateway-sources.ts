// Feeds the gateway's metrics from what it already keeps: its websockets and its edge answers.
import type { INestApplicationContext } from '@nestjs/common';
import { EdgeAnswers, EngineEventSocket, SubscriptionHub } from '@photon/gateway';
import type { OpsMetrics } from '@photon/ops';

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

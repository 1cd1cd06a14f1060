// Feeds the events service's metrics from what it already keeps: its filters and leadership.
import type { INestApplicationContext } from '@nestjs/common';
import { EventsStats } from '@photon/events';
import type { OpsMetrics } from '@photon/ops';

export function watchEvents(metrics: OpsMetrics, app: INestApplicationContext): void {
  const stats = app.get(EventsStats);
  metrics.sources.watchEvents(() => stats.snapshot());
}

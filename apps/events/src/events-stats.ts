// One place to read the events service's state for limits and metrics: live filters of the tier (the
// store's count, which the caps use) and whether this replica publishes the heads, and how far it got.
import { Inject, Injectable } from '@nestjs/common';
import { HeadBridge } from './bridge/head-bridge';
import { EngineQueryRelay, type EngineQueryStats } from './engine-queries/engine-query-relay';
import { EVENTS_OPTIONS, type EventsOptions } from './events-options';

export interface EventsSnapshot {
  readonly liveFilters: number;
  readonly leading: boolean;
  /** The last height this replica published and when (epoch ms); absent on a standby. */
  readonly published?: { readonly height: bigint; readonly atMs: number };
  /** The engine-event websocket's upstream subscriptions held by this replica. */
  readonly engineQueries: EngineQueryStats;
}

@Injectable()
export class EventsStats {
  constructor(
    private readonly bridge: HeadBridge,
    private readonly relay: EngineQueryRelay,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {}

  async snapshot(): Promise<EventsSnapshot> {
    return {
      liveFilters: await this.options.filters.count(),
      ...this.bridge.status(),
      engineQueries: this.relay.stats(),
    };
  }
}

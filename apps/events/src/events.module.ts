// The events service: the engine bridge (the leading replica publishes each chain head on the head stream
// and keeps the log index) and the polling filters (any replica answers any filter: cursors live in the store). It runs unchanged
// in-process (`photon start`) or behind the NATS bus (`photon events`).
import { type DynamicModule, Module } from '@nestjs/common';
import {
  CometHttpClient,
  CometWebsocketClient,
  EthereumChainReader,
  EvmQueryClient,
} from '@photon/engine-client';
import { HeadBridge } from './bridge/head-bridge';
import { EVENTS_OPTIONS, type EventsOptions } from './events-options';
import { EngineQueryRelay } from './engine-queries/engine-query-relay';
import { UpstreamSubscriptions } from './engine-queries/upstream-subscriptions';
import { EventsStats } from './events-stats';
import { FilterHandlers } from './filters/filter.handlers';
import { FilterService } from './filters/filter.service';
import { LogIndexWriter } from './log-index/log-index-writer';

/** Engine calls answer within this or fail, well inside the read timeout of the filter methods. */
const ENGINE_CALL_TIMEOUT_MS = 5_000;

@Module({})
export class EventsModule {
  static register(options: EventsOptions): DynamicModule {
    return {
      module: EventsModule,
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        {
          provide: CometHttpClient,
          useFactory: () => new CometHttpClient(options.engineUrl, { timeoutMs: ENGINE_CALL_TIMEOUT_MS }),
        },
        { provide: CometWebsocketClient, useFactory: () => new CometWebsocketClient(options.engineUrl) },
        {
          provide: EthereumChainReader,
          inject: [CometHttpClient],
          useFactory: (comet: CometHttpClient) => new EthereumChainReader(comet, new EvmQueryClient(comet)),
        },
        HeadBridge,
        {
          provide: UpstreamSubscriptions,
          useFactory: () =>
            new UpstreamSubscriptions(
              () => new CometWebsocketClient(options.engineUrl),
              options.engineQueries.perConnection,
            ),
        },
        EngineQueryRelay,
        EventsStats,
        FilterService,
        FilterHandlers,
        LogIndexWriter,
      ],
    };
  }
}

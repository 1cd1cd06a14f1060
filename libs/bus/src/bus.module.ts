// Nest wiring of the bus: the handler registry always, and the transport the process runs on (its method
// bus, its head stream and its pending feed).
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { RpcHandlerRegistry } from './handlers/handler-registry';
import { HeadStream } from './streams/head-stream';
import { InProcessHeadStream } from './streams/in-process-head-stream';
import { JetStreamHeadStream } from './streams/jetstream-head-stream';
import { InProcessPendingFeed } from './streams/in-process-pending-feed';
import { JetStreamPendingFeed } from './streams/jetstream-pending-feed';
import { PendingFeed } from './streams/pending-feed';
import { InProcessBus } from './transports/in-process-bus';
import { MethodBus } from './transports/method-bus';
import { NatsMethodBus } from './transports/nats-method-bus';

@Module({})
export class BusModule {
  /** Handlers and callers in one process (`photon start`). */
  static inProcess(): DynamicModule {
    return {
      module: BusModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        RpcHandlerRegistry,
        { provide: MethodBus, useClass: InProcessBus },
        { provide: HeadStream, useClass: InProcessHeadStream },
        { provide: PendingFeed, useClass: InProcessPendingFeed },
      ],
      exports: [RpcHandlerRegistry, MethodBus, HeadStream, PendingFeed],
    };
  }

  /** Callers and handlers reach each other over NATS (`photon gateway`, `photon query`, …). */
  static overNats(connection: NatsConnection, prefix: string): DynamicModule {
    return {
      module: BusModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        RpcHandlerRegistry,
        { provide: MethodBus, useFactory: () => new NatsMethodBus(connection, prefix) },
        { provide: HeadStream, useFactory: () => new JetStreamHeadStream(connection, prefix) },
        { provide: PendingFeed, useFactory: () => new JetStreamPendingFeed(connection, prefix) },
      ],
      exports: [RpcHandlerRegistry, MethodBus, HeadStream, PendingFeed],
    };
  }
}

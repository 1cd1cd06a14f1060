// Nest wiring of the bus: the handler registry always, and the transport the process runs on.
import { type DynamicModule, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NatsConnection } from 'nats';
import { RpcHandlerRegistry } from './handlers/handler-registry';
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
      providers: [RpcHandlerRegistry, { provide: MethodBus, useClass: InProcessBus }],
      exports: [RpcHandlerRegistry, MethodBus],
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
      ],
      exports: [RpcHandlerRegistry, MethodBus],
    };
  }
}

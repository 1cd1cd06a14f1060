// The single-process transport of `photon start`: calls the local registry directly, with the
// same timeout and error contract as NATS.
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { ServiceName } from '@photon/types';
import { RpcHandlerRegistry } from '../handlers/handler-registry';
import type { BusEventListener, BusEventSubject, BusEvents } from './bus-events';
import { LocalEvents } from './local-events';
import { type BusRequest, MethodBus } from './method-bus';
import { CallDeadlines } from './call-deadlines';

@Injectable()
export class InProcessBus extends MethodBus implements OnModuleDestroy {
  private readonly events = new LocalEvents();
  private readonly deadlines = new CallDeadlines();

  constructor(private readonly registry: RpcHandlerRegistry) {
    super();
  }

  request(_service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    return this.deadlines.bound(
      this.registry.invoke(request.method, request.params, request.context),
      timeoutMs,
    );
  }

  ping(service: ServiceName): Promise<boolean> {
    return Promise.resolve(this.registry.servedServices().includes(service));
  }

  publish<S extends BusEventSubject>(subject: S, payload: BusEvents[S]): void {
    this.events.publish(subject, payload);
  }

  subscribe<S extends BusEventSubject>(subject: S, listener: BusEventListener<S>): () => void {
    return this.events.subscribe(subject, listener);
  }

  onModuleDestroy(): void {
    this.deadlines.close();
  }
}

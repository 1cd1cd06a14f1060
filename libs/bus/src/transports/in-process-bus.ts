// The single-process transport of `photon start`: calls the local registry directly, with the
// same timeout and error contract as NATS.
import { Injectable } from '@nestjs/common';
import type { ServiceName } from '@photon/types';
import { RpcHandlerRegistry } from '../handlers/handler-registry';
import { type BusRequest, MethodBus } from './method-bus';
import { withTimeout } from './with-timeout';

@Injectable()
export class InProcessBus extends MethodBus {
  constructor(private readonly registry: RpcHandlerRegistry) {
    super();
  }

  request(_service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    return withTimeout(this.registry.invoke(request.method, request.params, request.context), timeoutMs);
  }

  ping(service: ServiceName): Promise<boolean> {
    return Promise.resolve(this.registry.servedServices().includes(service));
  }
}

// Collects every @RpcMethod handler of the running Nest application once, at module init, and
// invokes them by wire name. Both transports call handlers only through this registry.
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { MethodNotFoundError } from '@photon/codec';
import { type ServiceName, findInternalMethod, findMethod } from '@photon/types';
import type { CallContext } from './call-context';
import { RPC_METHOD_METADATA } from './rpc-method.decorator';

export type RpcHandler = (params: unknown, context: CallContext) => unknown;

@Injectable()
export class RpcHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, RpcHandler>();
  private readonly services = new Set<ServiceName>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      if (instance === null || typeof instance !== 'object') continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const fn = (instance as Record<string, unknown>)[name];
        if (typeof fn !== 'function') continue;
        const method: unknown = Reflect.getMetadata(RPC_METHOD_METADATA, fn);
        if (typeof method === 'string') this.register(method, (fn as RpcHandler).bind(instance));
      }
    }
  }

  private register(method: string, handler: RpcHandler): void {
    // Internal methods (service to service, never routed from clients) register like table rows.
    const row = findMethod(method) ?? findInternalMethod(method);
    if (row === undefined || row.service === 'none' || row.service === 'gateway') {
      throw new Error(`@RpcMethod('${method}') is not a method of the method table a service serves`);
    }
    if (this.handlers.has(method)) throw new Error(`two handlers registered for ${method}`);
    this.handlers.set(method, handler);
    this.services.add(row.service);
  }

  /** Services that have at least one handler in this process. */
  servedServices(): readonly ServiceName[] {
    return [...this.services];
  }

  has(method: string): boolean {
    return this.handlers.has(method);
  }

  async invoke(method: string, params: unknown, context: CallContext): Promise<unknown> {
    const handler = this.handlers.get(method);
    if (handler === undefined) throw new MethodNotFoundError(method);
    // Awaited here so a handler that throws synchronously still rejects the returned promise.
    return await handler(params, context);
  }
}

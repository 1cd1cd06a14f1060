// Collects every @RpcMethod handler of the running Nest application once, at module init, and
// invokes them by wire name. Both transports call handlers only through this registry.
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { MethodNotFoundError, rejectedWith } from '@photon/codec';
import { type ServiceName, findInternalMethod, findMethod, isShippedService } from '@photon/types';
import type { CallContext } from './call-context';
import { RPC_METHOD_METADATA } from './rpc-method.decorator';

export type RpcHandler = (params: unknown, context: CallContext) => unknown;

/** How one call this registry ran ended (for metrics): its method, owner, time and error if any. */
export type CallOutcome = {
  readonly method: string;
  /** The service owning `method` (a method table row or an internal method); undefined for one of neither. */
  readonly service: ServiceName | undefined;
  readonly seconds: number;
} & ({ readonly ok: true } | { readonly ok: false; readonly error: unknown });

export type CallObserver = (outcome: CallOutcome) => void;

/** A head as CallContext carries it; anything else is ignored. */
const DECIMAL = /^\d{1,20}$/;

@Injectable()
export class RpcHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, RpcHandler>();
  private readonly services = new Set<ServiceName>();
  private observer: CallObserver | undefined;
  private readonly headListeners: ((height: bigint) => void)[] = [];

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

  /** Tells `observer` how every call ends from now on (one observer: the process's metrics). */
  observe(observer: CallObserver): void {
    this.observer = observer;
  }

  /** Tells `listener` the head every call states it knows (CallContext.head), before the call runs. */
  followCallerHeads(listener: (height: bigint) => void): void {
    this.headListeners.push(listener);
  }

  invoke(method: string, params: unknown, context: CallContext): Promise<unknown> {
    const head = context.head;
    if (head !== undefined && this.headListeners.length > 0 && DECIMAL.test(head)) {
      const height = BigInt(head);
      for (const listener of this.headListeners) listener(height);
    }
    const observer = this.observer;
    return observer === undefined
      ? this.run(method, params, context)
      : this.runObserved(observer, method, params, context);
  }

  // Promise chains, not async functions: each async layer cost a promise and a microtask turn more on every
  // call, a few per cent of an in-process call such as web3_clientVersion.
  private runObserved(
    observer: CallObserver,
    method: string,
    params: unknown,
    context: CallContext,
  ): Promise<unknown> {
    const started = performance.now();
    const ended = () => ({ method, service: ownerOf(method), seconds: (performance.now() - started) / 1000 });
    return this.run(method, params, context).then(
      (result) => {
        observer({ ...ended(), ok: true });
        return result;
      },
      (error: unknown) => {
        observer({ ...ended(), ok: false, error });
        throw error;
      },
    );
  }

  /** The handler's outcome; one that throws at once rejects like one that rejects. */
  private run(method: string, params: unknown, context: CallContext): Promise<unknown> {
    const handler = this.handlers.get(method);
    if (handler === undefined) return Promise.reject(new MethodNotFoundError(method));
    try {
      return Promise.resolve(handler(params, context));
    } catch (error) {
      return rejectedWith(error);
    }
  }
}

function ownerOf(method: string): ServiceName | undefined {
  const owner = (findMethod(method) ?? findInternalMethod(method))?.service;
  return owner !== undefined && isShippedService(owner) ? owner : undefined;
}

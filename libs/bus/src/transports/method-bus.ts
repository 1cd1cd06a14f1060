// The bus contract the gateway routes through. Two transports implement it (in-process and NATS)
// and behave the same: a result, an RpcError from the handler, or a JSON-RPC error when the
// service does not answer in time; plus fire-and-forget events (`publish`/`subscribe`).
import type { ServiceName } from '@photon/types';
import type { CallContext } from '../handlers/call-context';
import type { BusEventListener, BusEventSubject, BusEvents } from './bus-events';

/** One call of a method, without the caller's context. */
export interface BusCall {
  readonly method: string;
  readonly params: unknown;
}

export interface BusRequest extends BusCall {
  readonly context: CallContext;
}

export abstract class MethodBus {
  private unavailableCalls = 0;

  /**
   * How many calls so far found their service with no replica to take them (it only grows): an answer about
   * the services' health kept from before the last of them is stale.
   */
  get unavailableSeen(): number {
    return this.unavailableCalls;
  }

  /** A transport tells this when a call found no replica of its service. */
  protected noteServiceUnavailable(): void {
    this.unavailableCalls++;
  }

  /** Runs `request` on `service`; rejects with an RpcError on failure. */
  abstract request(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown>;

  /**
   * As `request`, for a caller that only passes the result on to a JSON-RPC client: the result may come as
   * a RawJson, the JSON text the service answered with, where the transport carries it as text.
   */
  requestRaw(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    return this.request(service, request, timeoutMs);
  }

  /**
   * Runs `calls` (items of one JSON-RPC batch, all owned by `service`) with one `context`; one promise per
   * call, each settling as `request` would. A transport that can carries them in one exchange.
   */
  requestEach(
    service: ServiceName,
    calls: readonly BusCall[],
    context: CallContext,
    timeoutMs: number,
  ): Promise<unknown>[] {
    return calls.map((call) => this.request(service, { ...call, context }, timeoutMs));
  }

  /** True when `service` answers within `timeoutMs`. */
  abstract ping(service: ServiceName, timeoutMs: number): Promise<boolean>;

  /** Tells every subscriber of `subject` (in every process on the bus); nobody listening is fine. */
  abstract publish<S extends BusEventSubject>(subject: S, payload: BusEvents[S]): void;

  /** Calls `listener` with each event published on `subject` from now on; returns the unsubscribe. */
  abstract subscribe<S extends BusEventSubject>(subject: S, listener: BusEventListener<S>): () => void;
}

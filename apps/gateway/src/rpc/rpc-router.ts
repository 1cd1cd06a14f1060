// Routes one call to the service that owns it, by the method table. Unknown methods, methods of
// namespaces not exposed by --rpc-api, and methods no shipped service serves all answer -32601
// the same way, so a client cannot tell a disabled namespace from a missing method. The `rpc`
// metadata namespace (rpc.discover) is exposed on every listener, as geth's is. The calls of a
// batch that one service owns go to it as one bus message. What an
// unlocked account may do through this gateway is the keystore's decision (see RpcEndpoint).
import { Inject, Injectable } from '@nestjs/common';
import { type BusCall, type CallContext, MethodBus } from '@photon/bus';
import { type InvokeCall, MethodNotFoundError, NoParams, type RpcCall, decodeParams } from '@photon/codec';
import {
  METHOD_TABLE,
  type MethodRow,
  type Namespace,
  type ServiceName,
  type OpenRpcDocument,
  TIMEOUT_MS,
  exposedNamespaces,
  photonOpenRpcDocument,
  findMethod,
  isShippedService,
} from '@photon/types';
import { GATEWAY_OPS, type GatewayOps } from '../gateway-ops';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { SubscriptionHub } from '../subscriptions/subscription-hub';
import { timedTrip } from './counted-calls';
import { EdgeAnswers, type KeptAnswer } from './edge-answers';
import { FilterPolls } from './filter-polls';

@Injectable()
export class RpcRouter {
  private readonly exposed: ReadonlySet<Namespace>;
  /** rpc.discover's answer, built on first call with the function that writes docs/openrpc.json. */
  private discoverDocument: OpenRpcDocument | undefined;
  /** Services that own at least one exposed method: what readiness reports. */
  readonly requiredServices: readonly ServiceName[];
  /**
   * The services without which this gateway serves nothing worth routing to: the query service when it
   * owns an exposed method (every read), else all of them. The others are shared by every gateway of the
   * tier, so one of them missing would take every gateway out of its load balancer at once: reads would
   * fail with it, and its own methods answer -32002 at once either way.
   */
  readonly gatingServices: readonly ServiceName[];
  private readonly filterPolls: FilterPolls;

  constructor(
    private readonly bus: MethodBus,
    private readonly subscriptions: SubscriptionHub,
    private readonly edge: EdgeAnswers,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
    @Inject(GATEWAY_OPS) private readonly ops: GatewayOps,
  ) {
    this.exposed = new Set(exposedNamespaces(options.rpcApi));
    const services = new Set<ServiceName>();
    for (const row of METHOD_TABLE as readonly MethodRow[]) {
      if (this.exposed.has(row.namespace) && isShippedService(row.service)) services.add(row.service);
    }
    this.requiredServices = [...services];
    this.gatingServices = services.has('query') ? ['query'] : this.requiredServices;
    this.filterPolls = new FilterPolls(bus);
  }

  /** `call`'s answer when this gateway holds it already (see EdgeAnswers.answerNow), else undefined. */
  answerNow(call: RpcCall): KeptAnswer | undefined {
    const row = findMethod(call.method);
    return row?.edge === undefined || !this.routed(row) ? undefined : this.edge.answerNow(row, call);
  }

  route(call: RpcCall, context: CallContext): Promise<unknown> {
    return this.routeVia(call, context, (service, row, head) =>
      timedTrip(
        // The answer goes to the client as the service wrote it (RawJson over NATS): not parsed here.
        this.bus.requestRaw(
          service,
          { method: row.method, params: call.params, context: withHead(context, head) },
          TIMEOUT_MS[row.timeout],
        ),
        service,
        this.ops.metrics,
      ),
    );
  }

  /**
   * How the calls of one batch are run: those that go over the bus are queued per service while the batch
   * is routed, then sent as one message per service, so a batch of 100 reads is one bus round trip.
   */
  batchInvoker(calls: readonly RpcCall[], context: CallContext): InvokeCall {
    const queues = new Map<ServiceName, BatchQueue>();
    const answers = new Map<RpcCall, Promise<unknown>>();
    // The newest head an answer of the batch will be kept at: the batch's services answer at it or later.
    let batchHead: bigint | undefined;
    for (const call of calls) {
      const answer = this.routeVia(call, context, (service, row, head) => {
        if (head !== undefined && (batchHead === undefined || head > batchHead)) batchHead = head;
        let queue = queues.get(service);
        if (queue === undefined) {
          queue = { calls: [], settlers: [], timeoutMs: 0 };
          queues.set(service, queue);
        }
        queue.calls.push({ method: row.method, params: call.params });
        queue.timeoutMs = Math.max(queue.timeoutMs, TIMEOUT_MS[row.timeout]);
        const settlers = queue.settlers;
        return new Promise((resolve, reject) => settlers.push({ resolve, reject }));
      });
      answers.set(call, answer);
    }
    const batchContext = withHead(context, batchHead);
    for (const [service, queue] of queues) {
      const outcomes = this.bus.requestEach(service, queue.calls, batchContext, queue.timeoutMs);
      outcomes.forEach((outcome, i) => {
        const settler = queue.settlers[i]!;
        outcome.then(settler.resolve, settler.reject);
      });
      // One exchange per service and batch: it ends when its last call is answered.
      void timedTrip(Promise.allSettled(outcomes), service, this.ops.metrics);
    }
    return (call) => answers.get(call) ?? this.route(call, context);
  }

  /** `call`'s answer: from the gateway itself, from the edge, or through `send` to its service. */
  private routeVia(
    call: RpcCall,
    context: CallContext,
    send: (service: ServiceName, row: MethodRow, head?: bigint) => Promise<unknown>,
  ): Promise<unknown> {
    const row = findMethod(call.method);
    if (row?.service === 'gateway' && this.exposed.has(row.namespace))
      return this.answerHere(row, call, context);
    if (row === undefined || !this.routed(row)) return Promise.reject(new MethodNotFoundError(call.method));
    const service = row.service;
    // Two bus calls of its own (see FilterPolls), so never one of a batch's messages.
    if (row.method === 'eth_getFilterChanges')
      return timedTrip(this.filterPolls.changes(call.params, context), service, this.ops.metrics);
    return this.edge.answer(row, call, (head) => send(service, row, head));
  }

  /** Whether calls of `row` go to its service: its namespace is exposed here and a shipped service owns it. */
  private routed(row: MethodRow): row is MethodRow & { readonly service: ServiceName } {
    return this.exposed.has(row.namespace) && isShippedService(row.service);
  }

  /** The methods the gateway answers itself: the subscriptions of its websocket sessions, its OpenRPC document. */
  private async answerHere(row: MethodRow, call: RpcCall, context: CallContext): Promise<unknown> {
    if (row.method === 'eth_subscribe') return this.subscriptions.subscribe(call.params, context);
    if (row.method === 'eth_unsubscribe') return this.subscriptions.unsubscribe(call.params, context);
    if (row.method === 'rpc.discover') {
      decodeParams(NoParams, call.params);
      // Methods of hidden namespaces are left out: they answer like unknown methods.
      this.discoverDocument ??= photonOpenRpcDocument([...this.exposed]);
      return this.discoverDocument;
    }
    throw new MethodNotFoundError(call.method);
  }
}

/** The calls of a batch one service owns, waiting to be sent, with how each one's answer is settled. */
interface BatchQueue {
  readonly calls: BusCall[];
  readonly settlers: { resolve: (result: unknown) => void; reject: (error: unknown) => void }[];
  timeoutMs: number;
}

/** `context` telling the service the head its answer will be kept at, when there is one. */
const withHead = (context: CallContext, head: bigint | undefined): CallContext =>
  head === undefined ? context : { ...context, head: head.toString() };

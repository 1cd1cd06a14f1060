// Routes one call to the service that owns it, by the method table. Unknown methods, methods of
// namespaces not exposed by --rpc-api, and methods no shipped service serves all answer -32601
// the same way, so a client cannot tell a disabled namespace from a missing method. What an
// unlocked account may do through this gateway is the keystore's decision (see RpcEndpoint).
import { Inject, Injectable } from '@nestjs/common';
import { type CallContext, MethodBus } from '@photon/bus';
import { MethodNotFoundError, type RpcCall } from '@photon/codec';
import {
  METHOD_TABLE,
  type MethodRow,
  type ServiceName,
  TIMEOUT_MS,
  findMethod,
  isShippedService,
} from '@photon/types';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { SubscriptionHub } from '../subscriptions/subscription-hub';
import { EdgeAnswers } from './edge-answers';

@Injectable()
export class RpcRouter {
  private readonly exposed: ReadonlySet<string>;
  /** Services that own at least one exposed method: what readiness has to check. */
  readonly requiredServices: readonly ServiceName[];

  constructor(
    private readonly bus: MethodBus,
    private readonly subscriptions: SubscriptionHub,
    private readonly edge: EdgeAnswers,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
  ) {
    this.exposed = new Set(options.rpcApi);
    const services = new Set<ServiceName>();
    for (const row of METHOD_TABLE as readonly MethodRow[]) {
      if (this.exposed.has(row.namespace) && isShippedService(row.service)) services.add(row.service);
    }
    this.requiredServices = [...services];
  }

  route(call: RpcCall, context: CallContext): Promise<unknown> {
    const row = findMethod(call.method);
    if (row?.service === 'gateway' && this.exposed.has(row.namespace))
      return this.answerHere(row, call, context);
    if (row === undefined || !this.exposed.has(row.namespace) || !isShippedService(row.service)) {
      return Promise.reject(new MethodNotFoundError(call.method));
    }
    const service = row.service;
    return this.edge.answer(row, call, () =>
      this.bus.request(
        service,
        { method: row.method, params: call.params, context },
        TIMEOUT_MS[row.timeout],
      ),
    );
  }

  /** The methods the gateway answers itself: the subscriptions of its websocket sessions. */
  private async answerHere(row: MethodRow, call: RpcCall, context: CallContext): Promise<unknown> {
    if (row.method === 'eth_subscribe') return this.subscriptions.subscribe(call.params, context);
    if (row.method === 'eth_unsubscribe') return this.subscriptions.unsubscribe(call.params, context);
    throw new MethodNotFoundError(call.method);
  }
}

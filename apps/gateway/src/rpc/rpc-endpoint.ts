// One JSON-RPC exchange, transport-neutral: body text in, reply text (or nothing) out. The HTTP
// controller and the websocket gateway both go through here, so they cannot drift apart. Every call
// leaves with the gateway's exposure stated: the services that guard something decide on it.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallContext, Exposure } from '@photon/bus';
import {
  type InvokeCall,
  type ParsedItem,
  type RpcCall,
  dispatch,
  logInternalTo,
  parseBody,
  serializeReply,
} from '@photon/codec';
import { isLoopbackHost } from '@photon/config';
import { GATEWAY_OPS, type GatewayOps } from '../gateway-ops';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { countRefused, countedInvoke } from './counted-calls';
import { RpcRouter } from './rpc-router';

@Injectable()
export class RpcEndpoint {
  private readonly log = new Logger('rpc');
  private readonly logInternal = logInternalTo(this.log);
  /** The HTTP and websocket listeners share --laddr's host, so one exposure holds for both. */
  private readonly exposure: Exposure;

  constructor(
    private readonly router: RpcRouter,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    @Inject(GATEWAY_OPS) private readonly ops: GatewayOps,
  ) {
    this.exposure = isLoopbackHost(options.laddr.host) ? 'loopback' : 'public';
  }

  /** The reply text, or undefined when the request was only notifications. */
  async handle(text: string, caller: Omit<CallContext, 'exposure'>): Promise<string | undefined> {
    const body = parseBody(text, {
      requireVersion: caller.transport === 'http',
      maxBatchItems: this.options.maxBatchItems,
    });
    const context: CallContext = { ...caller, exposure: this.exposure };
    const routed: InvokeCall =
      body.kind === 'batch'
        ? this.router.batchInvoker(callsOf(body.items), context)
        : (call) => this.router.route(call, context);
    const metrics = this.ops.metrics;
    if (metrics !== undefined) countRefused(body, metrics);
    const invoke = metrics === undefined ? routed : countedInvoke(routed, metrics);
    const logInternal =
      caller.requestId === undefined ? this.logInternal : logInternalTo(this.log, caller.requestId);
    const reply = await dispatch(body, invoke, logInternal);
    return serializeReply(reply, this.options.maxBatchResponseBytes);
  }
}

/** The calls of a batch's items that parsed (the others already have their error response). */
const callsOf = (items: readonly ParsedItem[]): RpcCall[] =>
  items.flatMap((item) => (item.ok ? [item.call] : []));

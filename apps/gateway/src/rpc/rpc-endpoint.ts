// One JSON-RPC exchange, transport-neutral: body text in, reply text (or nothing) out. The HTTP
// controller and the websocket gateway both go through here, so they cannot drift apart. Every call
// leaves with the gateway's exposure stated: the services that guard something decide on it. A body
// from a known client passes its rate limit first (every item counted at its method's cost).
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { CallContext, Exposure } from '@photon/bus';
import {
  type InvokeCall,
  type ParsedBody,
  type ParsedItem,
  type RpcCall,
  dispatch,
  logInternalTo,
  parseBody,
  serializeReply,
} from '@photon/codec';
import { isLoopbackHost } from '@photon/config';
import { aboutRequest } from '@photon/types';
import { GATEWAY_OPS, type GatewayOps } from '../gateway-ops';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { countAnsweredNow, countRefused, countRefusedBody, countedInvoke } from './counted-calls';
import { type Client, RateLimiter } from '../limits/rate-limiter';
import { refusalOf, requestCost } from '../limits/request-cost';
import { RpcRouter } from './rpc-router';

export interface EndpointReply {
  /** The reply text, or undefined when the request was only notifications. */
  readonly text: string | undefined;
  /** 200, or the status of a refusal (429 over the rate limit, 503 with the limit store down). */
  readonly status: 200 | 429 | 503;
  /** Over the rate limit: seconds until the client's window frees (HTTP Retry-After). */
  readonly retryAfterSeconds?: number;
}

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
    @Optional() private readonly limiter?: RateLimiter,
  ) {
    this.exposure = isLoopbackHost(options.laddr.host) ? 'loopback' : 'public';
  }

  /** The reply text, or undefined when the request was only notifications; no rate limit. */
  async handle(text: string, caller: Omit<CallContext, 'exposure'>): Promise<string | undefined> {
    return (await this.serve(text, caller)).text;
  }

  /**
   * One body from `client` (counted against its rate limit when given); `caller.remoteAddress` is its
   * address. Every call it makes over the bus carries `caller.requestId`, and so do the lines logged
   * about it here and by the bus in each service.
   */
  serve(text: string, caller: Omit<CallContext, 'exposure'>, client?: Client): Promise<EndpointReply> {
    const body = this.parse(text, caller.transport);
    const now = this.replyNow(body, caller, client);
    return now === undefined ? this.replyLater(body, caller, client) : Promise.resolve(now);
  }

  /** A body as JSON-RPC 2.0 and `transport` read it (HTTP requires `"jsonrpc": "2.0"`). */
  parse(text: string, transport: CallContext['transport']): ParsedBody {
    return parseBody(text, {
      requireVersion: transport === 'http',
      maxBatchItems: this.options.maxBatchItems,
    });
  }

  /**
   * The reply to `body` when this gateway holds it already: one call whose answer the edge keeps, from a
   * client with no rate limit to ask. Made at once, with no promise, as eth_blockNumber is most of what
   * pollers send. Otherwise
   * undefined: `replyLater` serves it.
   */
  replyNow(
    body: ParsedBody,
    caller: Omit<CallContext, 'exposure'>,
    client?: Client,
  ): EndpointReply | undefined {
    if (body.kind !== 'single' || !body.item.ok || body.item.call.notification) return undefined;
    if (client !== undefined && this.limiter?.limits(client) === true) return undefined;
    const call = body.item.call;
    const started = performance.now();
    const kept = this.router.answerNow(call);
    if (kept === undefined) return undefined;
    if (Logger.isLevelEnabled('debug'))
      this.log.debug({ msg: `${caller.transport} call ${call.method}`, requestId: caller.requestId });
    if (this.ops.metrics !== undefined) countAnsweredNow(call.method, started, this.ops.metrics);
    const response = { jsonrpc: '2.0', id: call.id, result: kept.result ?? null } as const;
    return { text: serializeReply(response, this.options.maxBatchResponseBytes), status: 200 };
  }

  /** The reply to `body` through its services; the calls carry the caller's request id (see `serve`). */
  async replyLater(
    body: ParsedBody,
    caller: Omit<CallContext, 'exposure'>,
    client?: Client,
  ): Promise<EndpointReply> {
    if (Logger.isLevelEnabled('debug'))
      this.log.debug(aboutRequest(`${caller.transport} ${summaryOf(body)}`, caller.requestId));
    // With no limit for this client (the default), the hot path computes no cost and asks no store.
    if (client !== undefined && this.limiter?.limits(client) === true) {
      const admission = await this.limiter.admit(client, requestCost(body));
      if (!admission.admitted) {
        if (this.ops.metrics !== undefined) countRefusedBody(body, admission.error.code, this.ops.metrics);
        const reply = serializeReply(refusalOf(body, admission.error), this.options.maxBatchResponseBytes);
        return {
          text: reply,
          status: admission.status,
          ...(admission.retryAfterSeconds === undefined
            ? {}
            : { retryAfterSeconds: admission.retryAfterSeconds }),
        };
      }
    }
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
    return { text: serializeReply(reply, this.options.maxBatchResponseBytes), status: 200 };
  }
}

/** What a body asks, for a debug line: the method, never the params (they may hold a passphrase). */
function summaryOf(body: ParsedBody): string {
  if (body.kind === 'batch') return `batch of ${body.items.length}`;
  if (body.kind === 'single') return body.item.ok ? `call ${body.item.call.method}` : 'invalid call';
  return 'unreadable body';
}

/** The calls of a batch's items that parsed (the others already have their error response). */
const callsOf = (items: readonly ParsedItem[]): RpcCall[] =>
  items.flatMap((item) => (item.ok ? [item.call] : []));

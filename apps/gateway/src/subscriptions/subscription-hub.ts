// The websocket subscriptions of this gateway (eth_subscribe / eth_unsubscribe): they live on the socket, so
// the gateway answers them itself. It follows the tier's head stream once (from the first subscription on)
// and fans each head out to its sockets: newHeads gets the header, logs each matching log in chain order,
// newPendingTransactions the hashes (or, with `true`, the txs) of the pending feed (txs the tier accepted
// and txs the engine's mempool shows). A notification never precedes the reply to its eth_subscribe: a
// session's notifications wait while a reply is being written. A socket whose unsent data passes the
// bound is closed with a reason instead of buffering more. A logs subscription's criteria are held once
// for all subscriptions that ask the same (CriteriaBook), within bounds per connection and per address.
// newHeads and logs start after the head this gateway had heard of when the subscription was made, as geth's
// start with the next block: the engine announces a block (`chain.height`, also sent by a query service
// before it answers from a newer block, e.g. a receipt) before the head stream brings it, so without this a
// client that had read block N's receipt, then subscribed, was sent block N's header and logs.
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import {
  type CallContext,
  HeadStream,
  INTERNAL_CONTEXT,
  MethodBus,
  PendingFeed,
  type HeadEvent,
} from '@photon/bus';
import {
  EthSubscribeParams,
  EthUnsubscribeParams,
  type FilterDto,
  InvalidInputError,
  LimitExceededError,
  MethodUnavailableError,
  SUBSCRIPTION_KINDS,
  decodeParams,
  newRpcId,
} from '@photon/codec';
import { TIMEOUT_MS } from '@photon/types';
import { WebSocket } from 'ws';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { EdgeAnswers } from '../rpc/edge-answers';
import { SocketFlow } from '../ws/socket-flow';
import { type CriteriaBounds, CriteriaBook, type CriteriaHold } from './criteria-book';
import { logMatches } from './log-match';

/** reth's cap: subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1_024;
/** --ws-criteria-bytes-per-connection and --ws-criteria-bytes-per-ip by default. */
export const DEFAULT_CRITERIA_BOUNDS: CriteriaBounds = {
  perConnection: 4 * 1024 * 1024,
  perAddress: 16 * 1024 * 1024,
};

export interface SubscriptionStats {
  readonly sockets: number;
  readonly subscriptions: number;
  /** Sockets whose requests wait unread (their replies are not drained, or too many calls in flight). */
  readonly paused: number;
  /** Bytes written to the sockets and not yet taken by their clients. */
  readonly unsentBytes: number;
  /** Criteria bytes the logs subscriptions hold (each counted, shared or not). */
  readonly criteriaBytes: number;
  /** The head stream's last head at this gateway; lag = received − the block's timestamp. */
  readonly lastHead?: { readonly height: bigint; readonly receivedAtMs: number; readonly lagMs: number };
}

/** Heads a newHeads or logs subscription is sent: those above `after` (all when undefined). */
interface HeadsAfter {
  readonly after: bigint | undefined;
}

type Subscriber =
  | ({ readonly kind: 'newHeads' } & HeadsAfter)
  | ({ readonly kind: 'logs'; readonly hold: CriteriaHold } & HeadsAfter)
  | { readonly kind: 'newPendingTransactions'; readonly full: boolean }
  | { readonly kind: 'syncing' };

interface Session {
  readonly socket: WebSocket;
  /** Every frame to the socket goes through it, within the connection's bound on unsent bytes. */
  readonly flow: SocketFlow;
  /** The client address its criteria count against ('' when unknown). */
  readonly address: string;
  readonly subscriptions: Map<string, Subscriber>;
  /** Criteria bytes its logs subscriptions hold. */
  criteriaBytes: number;
  /** Replies being written: notifications wait in `held` until none is. */
  replying: number;
  readonly held: string[];
}

/** Whether the head at `height` came after the subscription was made. */
const startedBefore = (subscriber: HeadsAfter, height: bigint): boolean =>
  subscriber.after === undefined || height > subscriber.after;

@Injectable()
export class SubscriptionHub implements OnApplicationShutdown {
  private readonly log = new Logger('ws');
  private readonly sessions = new Map<string, Session>();
  private heads: Promise<() => void> | undefined;
  /** The last head this gateway received, when, and how long after the block's own timestamp. */
  private lastHead: { height: bigint; receivedAtMs: number; lagMs: number } | undefined;
  private pending: Promise<() => void> | undefined;
  private readonly criteria: CriteriaBook;

  constructor(
    private readonly stream: HeadStream,
    private readonly feed: PendingFeed,
    private readonly bus: MethodBus,
    private readonly edge: EdgeAnswers,
    @Optional() @Inject(GATEWAY_OPTIONS) options?: GatewayOptions,
  ) {
    this.criteria = new CriteriaBook(
      options === undefined
        ? DEFAULT_CRITERIA_BOUNDS
        : { perConnection: options.wsCriteriaBytesPerConnection, perAddress: options.wsCriteriaBytesPerIp },
    );
  }

  onApplicationShutdown(): void {
    for (const following of [this.heads, this.pending])
      void following?.then((stop) => stop()).catch(() => undefined);
  }

  /** A websocket of client `address` opened; its frames go out through `flow`. */
  attach(sessionId: string, socket: WebSocket, address = '', flow = new SocketFlow(socket)): void {
    this.sessions.set(sessionId, {
      socket,
      flow,
      address,
      subscriptions: new Map(),
      criteriaBytes: 0,
      replying: 0,
      held: [],
    });
  }

  /** The socket closed: its subscriptions end with it. */
  detach(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (session === undefined) return;
    this.sessions.delete(sessionId);
    for (const subscriber of session.subscriptions.values()) this.end(session, subscriber);
    session.subscriptions.clear();
  }

  /** A reply for this session is about to be computed and written: notifications wait for it. */
  hold(sessionId: string | undefined): void {
    const session = sessionId === undefined ? undefined : this.sessions.get(sessionId);
    if (session !== undefined) session.replying++;
  }

  /** The reply went out: notifications that waited for it go now, in order. */
  release(sessionId: string | undefined): void {
    const session = sessionId === undefined ? undefined : this.sessions.get(sessionId);
    if (session === undefined || --session.replying > 0) return;
    for (const text of session.held.splice(0)) this.write(sessionId!, session, text);
  }

  /** eth_subscribe: a subscription of this websocket session; over HTTP, geth's -32601. */
  async subscribe(params: unknown, context: CallContext): Promise<string> {
    const session = this.sessionOf(context);
    const kind = Array.isArray(params) ? (params[0] as unknown) : undefined;
    if (typeof kind === 'string' && !(SUBSCRIPTION_KINDS as readonly string[]).includes(kind))
      throw new MethodUnavailableError(`no ${JSON.stringify(kind)} subscription in eth namespace`);
    const decoded = decodeParams(EthSubscribeParams, params);
    if (session.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION)
      throw new LimitExceededError(
        `too many subscriptions on this connection (max ${MAX_SUBSCRIPTIONS_PER_CONNECTION})`,
      );
    await (decoded.kind === 'newPendingTransactions' ? this.followPending() : this.followHeads());
    // Held only once the stream is followed, and only while the socket is: nothing to give back otherwise.
    if (this.sessions.get(context.sessionId!) !== session) throw new InvalidInputError('connection closed');
    const subscriber = this.subscriberOf(session, decoded.kind, decoded.options);
    const id = newRpcId();
    session.subscriptions.set(id, subscriber);
    if (subscriber.kind === 'syncing') void this.sendSyncing(context.sessionId!, id);
    return id;
  }

  /** eth_unsubscribe: true, or geth's error for an id this connection does not hold. */
  unsubscribe(params: unknown, context: CallContext): boolean {
    const session = this.sessionOf(context);
    const { subscriptionId } = decodeParams(EthUnsubscribeParams, params);
    const id = subscriptionId.toLowerCase();
    const subscriber = session.subscriptions.get(id);
    if (subscriber === undefined) throw new InvalidInputError('subscription not found');
    session.subscriptions.delete(id);
    this.end(session, subscriber);
    return true;
  }

  /** Distinct logs criteria held, and what `address` holds in criteria bytes. */
  criteriaStats(address?: string): { readonly distinct: number; readonly addressBytes: number } {
    return this.criteria.stats(address);
  }

  private subscriberOf(session: Session, kind: string, options: FilterDto | boolean | undefined): Subscriber {
    // Only a trusted head: after a chain was replaced by a younger one, an old height must not hold them back.
    const after = this.edge.trustedHead();
    if (kind === 'logs') {
      const filter = (options ?? {}) as FilterDto;
      const hold = this.criteria.acquire(
        {
          ...(filter.address === undefined ? {} : { address: filter.address }),
          ...(filter.topics === undefined ? {} : { topics: filter.topics }),
        },
        session.criteriaBytes,
        session.address,
      );
      session.criteriaBytes += hold.bytes;
      return { kind, hold, after };
    }
    if (kind === 'newPendingTransactions') return { kind, full: options === true };
    return kind === 'syncing' ? { kind } : { kind: 'newHeads', after };
  }

  /** A subscription ended: its criteria go back. */
  private end(session: Session, subscriber: Subscriber): void {
    if (subscriber.kind !== 'logs') return;
    session.criteriaBytes -= subscriber.hold.bytes;
    this.criteria.release(subscriber.hold);
  }

  /** Live sockets and subscriptions, and the stream's last head with its lag (for limits and metrics). */
  stats(): SubscriptionStats {
    let subscriptions = 0;
    let paused = 0;
    let unsentBytes = 0;
    let criteriaBytes = 0;
    for (const session of this.sessions.values()) {
      subscriptions += session.subscriptions.size;
      const flow = session.flow.state;
      if (flow.paused) paused++;
      unsentBytes += flow.unsentBytes;
      criteriaBytes += session.criteriaBytes;
    }
    return {
      sockets: this.sessions.size,
      subscriptions,
      paused,
      unsentBytes,
      criteriaBytes,
      ...(this.lastHead === undefined ? {} : { lastHead: this.lastHead }),
    };
  }

  private sessionOf(context: CallContext): Session {
    const session =
      context.transport === 'ws' && context.sessionId !== undefined
        ? this.sessions.get(context.sessionId)
        : undefined;
    if (session === undefined) throw new MethodUnavailableError('notifications not supported');
    return session;
  }

  private followHeads(): Promise<() => void> {
    this.heads ??= this.stream.follow((event) => this.onHead(event));
    this.heads.catch(() => (this.heads = undefined));
    return this.heads;
  }

  private followPending(): Promise<() => void> {
    this.pending ??= this.feed.follow((hash) => void this.onPending(hash));
    this.pending.catch(() => (this.pending = undefined));
    return this.pending;
  }

  private onHead(event: HeadEvent): void {
    const receivedAtMs = Date.now();
    const timestamp = Number((event.header as { timestamp?: unknown }).timestamp ?? Number.NaN);
    const height = BigInt(event.height);
    this.lastHead = {
      height,
      receivedAtMs,
      lagMs: Number.isFinite(timestamp) ? receivedAtMs - timestamp * 1000 : 0,
    };
    for (const [sessionId, session] of this.sessions) {
      for (const [id, subscriber] of session.subscriptions) {
        if (subscriber.kind === 'newHeads') {
          if (startedBefore(subscriber, height)) this.notify(sessionId, session, id, event.header);
        } else if (subscriber.kind === 'logs' && startedBefore(subscriber, height)) {
          for (const log of event.logs) {
            if (logMatches(log as object, subscriber.hold.criteria)) this.notify(sessionId, session, id, log);
          }
        }
      }
    }
  }

  private async onPending(hash: string): Promise<void> {
    let full: unknown;
    for (const [sessionId, session] of this.sessions) {
      for (const [id, subscriber] of session.subscriptions) {
        if (subscriber.kind !== 'newPendingTransactions') continue;
        if (subscriber.full) {
          full ??= await this.ask('eth_getTransactionByHash', [hash]).catch(() => null);
          if (full !== null) this.notify(sessionId, session, id, full);
        } else this.notify(sessionId, session, id, hash);
      }
    }
  }

  /** geth's syncing subscription, once: the engine's sync status as eth_syncing reports it. */
  private async sendSyncing(sessionId: string, id: string): Promise<void> {
    const status = await this.ask('eth_syncing', []).catch(() => undefined);
    const session = this.sessions.get(sessionId);
    if (status !== undefined && session?.subscriptions.has(id) === true)
      this.notify(sessionId, session, id, status === false ? false : { syncing: true, status });
  }

  private notify(sessionId: string, session: Session, id: string, result: unknown): void {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      method: 'eth_subscription',
      params: { subscription: id, result },
    });
    if (session.replying > 0) session.held.push(text);
    else this.write(sessionId, session, text);
  }

  private write(sessionId: string, session: Session, text: string): void {
    if (session.socket.readyState !== WebSocket.OPEN) return;
    if (!session.flow.send(text, 'notification')) {
      this.log.warn(`ws session ${sessionId}: closed, its unsent data passed the bound`);
      this.detach(sessionId);
    }
  }

  private ask(method: string, params: unknown[]): Promise<unknown> {
    return this.bus.request('query', { method, params, context: INTERNAL_CONTEXT }, TIMEOUT_MS.read);
  }
}

// The websocket subscriptions of this gateway (eth_subscribe / eth_unsubscribe): they live on the socket, so
// the gateway answers them itself. It follows the tier's head stream once (from the first subscription on)
// and fans each head out to its sockets: newHeads gets the header, logs each matching log in chain order,
// newPendingTransactions the hashes (or, with `true`, the txs) of the pending feed (txs the tier accepted
// and txs the engine's mempool shows). A notification never precedes the reply to its eth_subscribe: a
// session's notifications wait while a reply is being written. A socket whose unsent data passes the
// bound is closed with a reason instead of buffering more.
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
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
import { MAX_BUFFERED_BYTES } from '../ws/socket-upkeep';
import { type LogCriteria, logMatches } from './log-match';

/** reth's cap: subscriptions one connection may hold. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 1_024;
/** Close code for a subscriber too slow to keep up (1008: policy violation), so a client can tell why. */
const TOO_SLOW = 1008;

export interface SubscriptionStats {
  readonly sockets: number;
  readonly subscriptions: number;
  /** The head stream's last head at this gateway; lag = received − the block's timestamp. */
  readonly lastHead?: { readonly height: bigint; readonly receivedAtMs: number; readonly lagMs: number };
}

type Subscriber =
  | { readonly kind: 'newHeads' }
  | { readonly kind: 'logs'; readonly criteria: LogCriteria }
  | { readonly kind: 'newPendingTransactions'; readonly full: boolean }
  | { readonly kind: 'syncing' };

interface Session {
  readonly socket: WebSocket;
  readonly subscriptions: Map<string, Subscriber>;
  /** Replies being written: notifications wait in `held` until none is. */
  replying: number;
  readonly held: string[];
}

@Injectable()
export class SubscriptionHub implements OnApplicationShutdown {
  private readonly log = new Logger('ws');
  private readonly sessions = new Map<string, Session>();
  private heads: Promise<() => void> | undefined;
  /** The last head this gateway received, when, and how long after the block's own timestamp. */
  private lastHead: { height: bigint; receivedAtMs: number; lagMs: number } | undefined;
  private pending: Promise<() => void> | undefined;

  constructor(
    private readonly stream: HeadStream,
    private readonly feed: PendingFeed,
    private readonly bus: MethodBus,
  ) {}

  onApplicationShutdown(): void {
    for (const following of [this.heads, this.pending])
      void following?.then((stop) => stop()).catch(() => undefined);
  }

  attach(sessionId: string, socket: WebSocket): void {
    this.sessions.set(sessionId, { socket, subscriptions: new Map(), replying: 0, held: [] });
  }

  /** The socket closed: its subscriptions end with it. */
  detach(sessionId: string): void {
    this.sessions.delete(sessionId);
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
    const subscriber = subscriberOf(decoded.kind, decoded.options);
    await (subscriber.kind === 'newPendingTransactions' ? this.followPending() : this.followHeads());
    const id = newRpcId();
    session.subscriptions.set(id, subscriber);
    if (subscriber.kind === 'syncing') void this.sendSyncing(context.sessionId!, id);
    return id;
  }

  /** eth_unsubscribe: true, or geth's error for an id this connection does not hold. */
  unsubscribe(params: unknown, context: CallContext): boolean {
    const session = this.sessionOf(context);
    const { subscriptionId } = decodeParams(EthUnsubscribeParams, params);
    if (!session.subscriptions.delete(subscriptionId.toLowerCase()))
      throw new InvalidInputError('subscription not found');
    return true;
  }

  /** Live sockets and subscriptions, and the stream's last head with its lag (for limits and metrics). */
  stats(): SubscriptionStats {
    let subscriptions = 0;
    for (const session of this.sessions.values()) subscriptions += session.subscriptions.size;
    return {
      sockets: this.sessions.size,
      subscriptions,
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
    this.lastHead = {
      height: BigInt(event.height),
      receivedAtMs,
      lagMs: Number.isFinite(timestamp) ? receivedAtMs - timestamp * 1000 : 0,
    };
    for (const [sessionId, session] of this.sessions) {
      for (const [id, subscriber] of session.subscriptions) {
        if (subscriber.kind === 'newHeads') this.notify(sessionId, session, id, event.header);
        else if (subscriber.kind === 'logs') {
          for (const log of event.logs) {
            if (logMatches(log as object, subscriber.criteria)) this.notify(sessionId, session, id, log);
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
    const { socket } = session;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn(
        `ws session ${sessionId}: closed, its notifications backed up past ${MAX_BUFFERED_BYTES} bytes`,
      );
      this.detach(sessionId);
      socket.close(TOO_SLOW, 'subscriber too slow: notifications backed up');
      return;
    }
    socket.send(text);
  }

  private ask(method: string, params: unknown[]): Promise<unknown> {
    return this.bus.request('query', { method, params, context: INTERNAL_CONTEXT }, TIMEOUT_MS.read);
  }
}

function subscriberOf(kind: string, options: FilterDto | boolean | undefined): Subscriber {
  if (kind === 'logs') {
    const filter = (options ?? {}) as FilterDto;
    return {
      kind,
      criteria: {
        ...(filter.address === undefined ? {} : { addresses: filter.address }),
        ...(filter.topics === undefined ? {} : { topics: filter.topics }),
      },
    };
  }
  if (kind === 'newPendingTransactions') return { kind, full: options === true };
  return { kind: kind === 'syncing' ? 'syncing' : 'newHeads' };
}

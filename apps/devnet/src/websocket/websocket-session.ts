// One /websocket connection, as CometBFT's wsConnection plus rpc/core/events.go: requests are
// answered one at a time in arrival order, subscriptions live here, and every frame leaves
// through an outbox bounded per subscription so a slow reader costs bounded memory.
import { type RawData, WebSocket } from 'ws';
import {
  MAX_QUERY_BYTES,
  type Query,
  QueryError,
  formatQuery,
  matches,
  tryParseQuery,
} from '@photon/ethermint-wire';
import type { CometEvent } from '../events/comet-event';
import type { RouteContext } from '../rpc/route';
import type { RouteDispatcher } from '../rpc/route-dispatcher';
import {
  type CometRpcResponse,
  type EncodedEvent,
  type RpcId,
  ParamsError,
  decodeFrame,
  eventFrame,
  internalError,
  parseErrorFrame,
  responseFrame,
  serverError,
  stringParams,
  success,
} from '@photon/ethermint-wire';
import type { WebsocketLimits } from './websocket-limits';

/** Bytes the socket may hold before the outbox stops handing it frames. */
const SOCKET_HIGH_WATER = 64 * 1024;
/** Requests read ahead of the one being answered before the socket stops reading. */
const INBOX_HIGH_WATER = 16;

/** What a session needs from the endpoint that owns it. */
export interface SessionHost {
  readonly dispatcher: RouteDispatcher;
  readonly limits: WebsocketLimits;
  /** Connections with at least one subscription, this one included (pubsub NumClients). */
  clientsWithSubscriptions(): number;
}

interface Subscription {
  /** As the client wrote it: CometBFT echoes this text in every event. */
  readonly text: string;
  readonly query: Query;
  /** The subscribe request's id, which every event and the cancellation carry. */
  readonly id: RpcId;
  /** Its events waiting in the outbox. */
  queued: number;
  /**
   * Cancelled for a slow reader. Like CometBFT 0.38 (pubsub drops only its internal record) it
   * still counts toward the limits and is "already subscribed" until unsubscribed.
   */
  canceled: boolean;
}

interface Outgoing {
  readonly frame: string;
  readonly subscription?: Subscription;
}

export class WebsocketSession {
  /** Keyed by the query in CometBFT's String() form, as pubsub keys a client's subscriptions. */
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly inbox: string[] = [];
  private readonly outbox: Outgoing[] = [];
  private reading = false;
  private isClosed = false;
  private wakeReader: (() => void) | undefined;
  private readonly pingTimer: NodeJS.Timeout;
  private readonly readTimer: NodeJS.Timeout;
  private stallTimer: NodeJS.Timeout | undefined;
  /** Resolves once the socket has closed and the session let go of everything. */
  readonly closed: Promise<void>;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
    readonly context: RouteContext,
  ) {
    const { limits } = host;
    this.pingTimer = setInterval(() => socket.ping(), limits.pingPeriodMs);
    this.readTimer = setTimeout(() => socket.terminate(), limits.readWaitMs);
    socket.on('message', (data) => this.receive(data));
    socket.on('pong', () => this.readTimer.refresh());
    // A failed socket is followed by 'close'; the listener keeps ws from throwing the error.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.dispose();
        resolve();
      }),
    );
  }

  get hasSubscriptions(): boolean {
    return this.subscriptions.size > 0;
  }

  /** The queries subscribed, as the client wrote them (cancelled ones included, as CometBFT counts them). */
  queries(): string[] {
    return [...this.subscriptions.values()].map((subscription) => subscription.text);
  }

  /** Queues `event` for each live subscription it matches; a full subscription is cancelled instead. */
  deliver(event: CometEvent, encoded: () => EncodedEvent): void {
    if (this.isClosed) return;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.canceled || !matches(subscription.query, event.events)) continue;
      if (subscription.queued >= this.host.limits.bufferSize) {
        subscription.canceled = true;
        // The frames already queued still go out, then the reason pubsub gives (ErrOutOfCapacity).
        const reason =
          'subscription was canceled (reason: internal subscription event buffer is out of capacity)';
        this.outbox.push({ frame: responseFrame(serverError(subscription.id, reason)) });
        continue;
      }
      subscription.queued += 1;
      this.outbox.push({ frame: eventFrame(subscription.id, subscription.text, encoded()), subscription });
    }
    this.flush();
  }

  terminate(): void {
    this.socket.terminate();
  }

  private receive(data: RawData): void {
    this.readTimer.refresh();
    this.inbox.push(rawText(data));
    if (this.inbox.length >= INBOX_HIGH_WATER) this.socket.pause();
    this.read().catch(() => this.socket.terminate());
  }

  /** Answers queued requests in order, waiting while the outbox is full as CometBFT's reader blocks. */
  private async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      for (let text = this.inbox.shift(); text !== undefined && !this.isClosed; text = this.inbox.shift()) {
        const answer = await this.answer(text);
        if (answer !== undefined) this.write(answer);
        if (this.outbox.length >= this.host.limits.writeBufferSize && !this.isClosed) {
          await new Promise<void>((resolve) => (this.wakeReader = resolve));
        }
      }
    } finally {
      this.reading = false;
    }
    if (this.socket.isPaused) this.socket.resume();
  }

  private async answer(text: string): Promise<string | undefined> {
    const frame = decodeFrame(text);
    if (frame.kind === 'notification') return undefined;
    if (frame.kind === 'unreadable') return parseErrorFrame(frame.reason);
    try {
      const response = await this.call(frame.id, frame.method, frame.params);
      return response === undefined ? undefined : responseFrame(response);
    } catch (error) {
      // CometBFT's recover() in the read routine answers a panic on id -1.
      return responseFrame(internalError(-1, error instanceof Error ? error.message : String(error)));
    }
  }

  private async call(id: RpcId, method: string, params: unknown): Promise<CometRpcResponse | undefined> {
    switch (method) {
      case 'subscribe':
        return withParams(id, params, ['query'], ([text = '']) => this.subscribe(id, text));
      case 'unsubscribe':
        return withParams(id, params, ['query'], ([text = '']) => this.unsubscribe(id, text));
      case 'unsubscribe_all':
        return withParams(id, params, [], () => this.unsubscribeAll(id));
    }
    const response = await this.host.dispatcher.dispatch(
      { jsonrpc: '2.0', id, method, params },
      this.context,
      true,
    );
    // Over the websocket CometBFT reports unconvertible params as -32603, not HTTP's -32602.
    if (response !== undefined && 'error' in response && response.error.code === -32602) {
      return internalError(response.id, response.error.data ?? '');
    }
    return response;
  }

  private subscribe(id: RpcId, text: string): CometRpcResponse {
    const { maxClients, maxSubscriptionsPerClient } = this.host.limits;
    if (this.host.clientsWithSubscriptions() >= maxClients) {
      return internalError(id, `max_subscription_clients ${maxClients} reached`);
    }
    if (this.subscriptions.size >= maxSubscriptionsPerClient) {
      return internalError(id, `max_subscriptions_per_client ${maxSubscriptionsPerClient} reached`);
    }
    if (Buffer.byteLength(text) > MAX_QUERY_BYTES) return internalError(id, 'maximum query length exceeded');
    const query = tryParseQuery(text);
    if (query instanceof QueryError) return internalError(id, `failed to parse query: ${query.message}`);
    const key = formatQuery(query);
    if (this.subscriptions.has(key)) return internalError(id, 'already subscribed');
    this.subscriptions.set(key, { text, query, id, queued: 0, canceled: false });
    return success(id, {});
  }

  private unsubscribe(id: RpcId, text: string): CometRpcResponse {
    const query = tryParseQuery(text);
    if (query instanceof QueryError) return internalError(id, `failed to parse query: ${query.message}`);
    // Events it already queued stay ahead of this answer: nothing arrives for it after the `{}`.
    if (!this.subscriptions.delete(formatQuery(query))) return internalError(id, 'subscription not found');
    return success(id, {});
  }

  private unsubscribeAll(id: RpcId): CometRpcResponse {
    if (this.subscriptions.size === 0) return internalError(id, 'subscription not found');
    this.subscriptions.clear();
    return success(id, {});
  }

  private write(frame: string): void {
    this.outbox.push({ frame });
    this.flush();
  }

  private flush(): void {
    while (this.socket.readyState === WebSocket.OPEN && this.socket.bufferedAmount < SOCKET_HIGH_WATER) {
      const next = this.outbox.shift();
      if (next === undefined) break;
      if (next.subscription !== undefined) next.subscription.queued -= 1;
      this.socket.send(next.frame, this.afterWrite);
    }
    if (this.outbox.length < this.host.limits.writeBufferSize && this.wakeReader !== undefined) {
      const wake = this.wakeReader;
      this.wakeReader = undefined;
      wake();
    }
    this.watchStall();
  }

  private readonly afterWrite = (error?: Error | null): void => {
    // The socket reports success as null; a failed write is followed by 'close'.
    if (error instanceof Error) return;
    this.stallTimer?.refresh();
    this.flush();
  };

  /** CometBFT gives every write writeWait to complete and drops the connection when one does not. */
  private watchStall(): void {
    const pending = this.outbox.length > 0 || this.socket.bufferedAmount > 0;
    if (pending && this.stallTimer === undefined && !this.isClosed) {
      this.stallTimer = setTimeout(() => this.socket.terminate(), this.host.limits.writeWaitMs);
    } else if (!pending && this.stallTimer !== undefined) {
      clearTimeout(this.stallTimer);
      this.stallTimer = undefined;
    }
  }

  private dispose(): void {
    this.isClosed = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.readTimer);
    clearTimeout(this.stallTimer);
    this.subscriptions.clear();
    this.inbox.length = 0;
    this.outbox.length = 0;
    this.wakeReader?.();
    this.wakeReader = undefined;
  }
}

/** Runs `body` on the decoded string params, or answers CometBFT's conversion error. */
function withParams(
  id: RpcId,
  params: unknown,
  names: readonly string[],
  body: (values: string[]) => CometRpcResponse,
): CometRpcResponse {
  let values: string[];
  try {
    values = stringParams(params, names);
  } catch (error) {
    if (!(error instanceof ParamsError)) throw error;
    return internalError(id, `error converting json params to arguments: ${error.message}`);
  }
  return body(values);
}

/** gorilla hands text and binary messages alike to the JSON decoder. */
function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

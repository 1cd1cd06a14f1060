// One `/websocket` connection speaking CometBFT's subscription protocol (rpc/core/events.go): `subscribe`,
// `unsubscribe` and `unsubscribe_all` with the node's replies and error texts, answered in arrival order,
// and each event framed on the subscribe request's id with the query as the client wrote it. The events
// themselves come from the hub, which shares one engine subscription per query among all clients.
import type { ErrorObject } from '@photon/codec';
import {
  type CometRpcResponse,
  type DecodedFrame,
  type EncodedEvent,
  ParamsError,
  MAX_QUERY_BYTES,
  QueryError,
  type RpcId,
  decodeFrame,
  eventFrame,
  goJson,
  formatQuery,
  internalError,
  methodNotFound,
  parseErrorFrame,
  responseFrame,
  serverError,
  stringParams,
  success,
  tryParseQuery,
} from '@photon/ethermint-wire';
import { WebSocket } from 'ws';
import type { EngineEventFollower, EngineEventHub } from './engine-event-hub';

export interface EngineEventLimits {
  /** Most queries of one connection. */
  readonly subscriptionsPerClient: number;
  /** Most connections holding a subscription on this gateway (CometBFT's max_subscription_clients). */
  readonly clients: number;
  /** Most distinct queries the connections of one client address follow on this gateway. */
  readonly queriesPerAddress: number;
  /** Bytes a socket may hold unsent before its subscriptions are cancelled as too slow. */
  readonly maxBufferedBytes: number;
}

/** What a session needs from the listener that owns it. */
export interface EngineEventSessionHost {
  readonly hub: EngineEventHub;
  readonly limits: EngineEventLimits;
  /** Connections with at least one subscription, this one included. */
  clientsWithSubscriptions(): number;
  /** Distinct queries (canonical form) the connections of client `address` follow, this one's included. */
  queriesOf(address: string): ReadonlySet<string>;
  /** One line naming the limit a refusal came from (the client gets CometBFT's text alone). */
  onRefused?(reason: string): void;
}

/**
 * The client's rate limit, asked once per frame before it is answered: undefined admits it, an error
 * object refuses it (answered as the eth websocket answers an item over the limit).
 */
export type FrameAdmission = (frame: DecodedFrame) => Promise<ErrorObject | undefined>;

interface Subscription {
  /** As the client wrote it: every event echoes this text. */
  readonly text: string;
  /** The subscribe request's id, which every event carries. */
  readonly id: RpcId;
  /** False until the `{}` reply is written: no event precedes it. */
  live: boolean;
}

export class EngineEventSession implements EngineEventFollower {
  /** Keyed by the query in canonical form, as CometBFT keys a client's subscriptions. */
  private readonly subscriptions = new Map<string, Subscription>();
  private answering: Promise<void> = Promise.resolve();
  private closed = false;
  /** The subscription whose `{}` reply is being written; it goes live right after. */
  private startingNext: Subscription | undefined;

  /** `address`: the client's, whose share of the engine queries this connection's subscriptions count in. */
  constructor(
    private readonly socket: WebSocket,
    private readonly host: EngineEventSessionHost,
    private readonly admit: FrameAdmission = () => Promise.resolve(undefined),
    readonly address = '',
  ) {}

  get hasSubscriptions(): boolean {
    return this.subscriptions.size > 0;
  }

  /** The queries this connection follows, in canonical form. */
  get queries(): Iterable<string> {
    return this.subscriptions.keys();
  }

  /** One frame from the client; answers go out in the order the requests came. */
  receive(text: string): void {
    this.answering = this.answering
      .then(() => this.answer(text))
      .then((frame) => {
        if (frame !== undefined) this.send(frame);
        if (this.startingNext !== undefined) this.startingNext.live = true;
        this.startingNext = undefined;
      })
      .catch(() => this.socket.terminate());
  }

  deliver(query: string, event: EncodedEvent): void {
    const subscription = this.subscriptions.get(query);
    if (subscription === undefined || !subscription.live || this.closed) return;
    if (this.socket.bufferedAmount > this.host.limits.maxBufferedBytes) {
      // CometBFT cancels a subscription whose reader cannot keep up, with this reason, on its id.
      this.drop(query);
      this.send(
        responseFrame(
          serverError(
            subscription.id,
            'subscription was canceled (reason: internal subscription event buffer is out of capacity)',
          ),
        ),
      );
      return;
    }
    this.send(eventFrame(subscription.id, subscription.text, event));
  }

  /** The socket closed: every subscription ends with it. */
  close(): void {
    this.closed = true;
    for (const query of [...this.subscriptions.keys()]) this.drop(query);
  }

  private async answer(text: string): Promise<string | undefined> {
    const frame = decodeFrame(text);
    const refusal = await this.admit(frame);
    if (refusal !== undefined) return refusalFrame(frame, refusal);
    if (frame.kind === 'notification') return undefined;
    if (frame.kind === 'unreadable') return parseErrorFrame(frame.reason);
    const response = await this.call(frame.id, frame.method, frame.params);
    return responseFrame(response);
  }

  private async call(id: RpcId, method: string, params: unknown): Promise<CometRpcResponse> {
    try {
      switch (method) {
        case 'subscribe':
          return await this.subscribe(id, stringParams(params, ['query'])[0] ?? '');
        case 'unsubscribe':
          return this.unsubscribe(id, stringParams(params, ['query'])[0] ?? '');
        case 'unsubscribe_all':
          return this.unsubscribeAll(id);
        default:
          // The rest of the engine's RPC is not relayed here: read it from the engine or over eth_*.
          return methodNotFound(id);
      }
    } catch (error) {
      if (error instanceof ParamsError) {
        return internalError(id, `error converting json params to arguments: ${error.message}`);
      }
      // Like CometBFT's recover(): an answer, never a dropped connection; no internals in it.
      return internalError(id, 'internal error');
    }
  }

  private async subscribe(id: RpcId, text: string): Promise<CometRpcResponse> {
    const { clients, subscriptionsPerClient } = this.host.limits;
    if (!this.hasSubscriptions && this.host.clientsWithSubscriptions() >= clients) {
      return internalError(id, `max_subscription_clients ${clients} reached`);
    }
    if (this.subscriptions.size >= subscriptionsPerClient) {
      return internalError(id, `max_subscriptions_per_client ${subscriptionsPerClient} reached`);
    }
    if (Buffer.byteLength(text) > MAX_QUERY_BYTES) return internalError(id, 'maximum query length exceeded');
    const parsed = tryParseQuery(text);
    if (parsed instanceof QueryError) return internalError(id, `failed to parse query: ${parsed.message}`);
    const query = formatQuery(parsed);
    if (this.subscriptions.has(query)) return internalError(id, 'already subscribed');
    // A client's share of the tier's engine queries: a new distinct query past it is refused as CometBFT
    // refuses a client past its own cap (one query followed by many connections costs the engine one).
    const ofAddress = this.host.queriesOf(this.address);
    const { queriesPerAddress } = this.host.limits;
    if (!ofAddress.has(query) && ofAddress.size >= queriesPerAddress) {
      this.host.onRefused?.(
        `/websocket subscribe refused: ${this.address} follows ${queriesPerAddress} queries (--engine-queries-per-client)`,
      );
      return internalError(id, `max_subscriptions_per_client ${queriesPerAddress} reached`);
    }
    const subscription: Subscription = { text, id, live: false };
    this.subscriptions.set(query, subscription);
    const error = await this.host.hub.follow(query, this);
    if (error !== undefined) {
      if (this.subscriptions.get(query) === subscription) this.subscriptions.delete(query);
      return internalError(id, error);
    }
    if (this.closed) {
      this.host.hub.unfollow(query, this);
      return success(id, {});
    }
    this.startingNext = subscription;
    return success(id, {});
  }

  private unsubscribe(id: RpcId, text: string): CometRpcResponse {
    const parsed = tryParseQuery(text);
    if (parsed instanceof QueryError) return internalError(id, `failed to parse query: ${parsed.message}`);
    const query = formatQuery(parsed);
    if (!this.subscriptions.has(query)) return internalError(id, 'subscription not found');
    this.drop(query);
    return success(id, {});
  }

  private unsubscribeAll(id: RpcId): CometRpcResponse {
    if (this.subscriptions.size === 0) return internalError(id, 'subscription not found');
    for (const query of [...this.subscriptions.keys()]) this.drop(query);
    return success(id, {});
  }

  private drop(query: string): void {
    if (!this.subscriptions.delete(query)) return;
    this.host.hub.unfollow(query, this);
  }

  private send(frame: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
  }
}

/** A refused frame's answer: the error on the request's id (none for an unreadable frame, as CometBFT). */
function refusalFrame(frame: DecodedFrame, error: ErrorObject): string | undefined {
  if (frame.kind === 'notification') return undefined;
  return goJson({ jsonrpc: '2.0', ...(frame.kind === 'request' ? { id: frame.id } : {}), error });
}

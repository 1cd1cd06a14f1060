// The client's subscriptions: one server subscription per query (CometBFT allows 5 per client by default) fanned
// out to every local listener, and which JSON-RPC request id currently carries each query's events.
import { type CometEventMessage } from './comet-event';

export type CometEventListener = (event: CometEventMessage) => void;

export interface QuerySubscription {
  readonly query: string;
  readonly listeners: Set<CometEventListener>;
  /** The id of the `subscribe` request the server acknowledged (events arrive under it); undefined until then. */
  requestId: number | undefined;
}

export class SubscriptionRegistry {
  private readonly byQuery = new Map<string, QuerySubscription>();
  private readonly byRequestId = new Map<number, QuerySubscription>();

  get(query: string): QuerySubscription | undefined {
    return this.byQuery.get(query);
  }

  all(): QuerySubscription[] {
    return [...this.byQuery.values()];
  }

  add(query: string, listener: CometEventListener): QuerySubscription {
    let subscription = this.byQuery.get(query);
    if (subscription === undefined) {
      subscription = { query, listeners: new Set(), requestId: undefined };
      this.byQuery.set(query, subscription);
    }
    subscription.listeners.add(listener);
    return subscription;
  }

  /** Removes one listener; true when the query has none left (and is forgotten). */
  removeListener(query: string, listener: CometEventListener): boolean {
    const subscription = this.byQuery.get(query);
    if (subscription === undefined) return false;
    subscription.listeners.delete(listener);
    if (subscription.listeners.size > 0) return false;
    this.forget(subscription);
    return true;
  }

  forget(subscription: QuerySubscription): void {
    this.byQuery.delete(subscription.query);
    this.bind(subscription, undefined);
  }

  /** Records (or clears) the request id the server sends this query's events under. */
  bind(subscription: QuerySubscription, requestId: number | undefined): void {
    if (subscription.requestId !== undefined) this.byRequestId.delete(subscription.requestId);
    subscription.requestId = requestId;
    if (requestId !== undefined) this.byRequestId.set(requestId, subscription);
  }

  /** Every binding is void once the connection that made it is gone. */
  unbindAll(): void {
    for (const subscription of this.byQuery.values()) subscription.requestId = undefined;
    this.byRequestId.clear();
  }

  /** The subscription an incoming message belongs to: by its id, else by its query text. */
  find(requestId: unknown, query: string | undefined): QuerySubscription | undefined {
    if (typeof requestId === 'number') {
      const byId = this.byRequestId.get(requestId);
      if (byId !== undefined) return byId;
    }
    return query === undefined ? undefined : this.byQuery.get(query);
  }
}

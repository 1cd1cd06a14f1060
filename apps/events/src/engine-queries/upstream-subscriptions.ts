// The events leader's subscriptions at the engine for the engine-event websocket: one per distinct query,
// spread over as many engine websockets as the engine's max_subscriptions_per_client requires (CometBFT
// refuses a sixth query on one connection by default). Each connection repairs itself after a loss
// (CometWebsocketClient resubscribes its queries); a connection left without queries is closed.
import { type CometWebsocketClient, type CometEventMessage } from '@photon/engine-client';

export type UpstreamEventListener = (event: CometEventMessage) => void;

interface Connection {
  readonly client: CometWebsocketClient;
  readonly queries: Set<string>;
}

export class UpstreamSubscriptions {
  private readonly connections: Connection[] = [];
  private readonly byQuery = new Map<string, { connection: Connection; unsubscribe: () => Promise<void> }>();

  constructor(
    private readonly openClient: () => CometWebsocketClient,
    private readonly perConnection: number,
  ) {}

  /** The queries subscribed at the engine now (a copy: dropping while iterating it is safe). */
  held(): ReadonlySet<string> {
    return new Set(this.byQuery.keys());
  }

  has(query: string): boolean {
    return this.byQuery.has(query);
  }

  get size(): number {
    return this.byQuery.size;
  }

  get connectionCount(): number {
    return this.connections.length;
  }

  /** Subscribes `query` at the engine (once); rejects with the engine's reason when it cannot. */
  async hold(query: string, listener: UpstreamEventListener): Promise<void> {
    if (this.byQuery.has(query)) return;
    const connection = this.connectionWithRoom();
    // Counted before the round trip so concurrent holds do not overfill one connection.
    connection.queries.add(query);
    try {
      const subscription = await connection.client.subscribe(query, listener);
      this.byQuery.set(query, { connection, unsubscribe: () => subscription.unsubscribe() });
    } catch (error) {
      connection.queries.delete(query);
      await this.closeIfIdle(connection);
      throw error;
    }
  }

  async drop(query: string): Promise<void> {
    const held = this.byQuery.get(query);
    if (held === undefined) return;
    this.byQuery.delete(query);
    held.connection.queries.delete(query);
    await held.unsubscribe().catch(() => undefined);
    await this.closeIfIdle(held.connection);
  }

  async dropAll(): Promise<void> {
    await Promise.all([...this.byQuery.keys()].map((query) => this.drop(query)));
  }

  private connectionWithRoom(): Connection {
    const roomy = this.connections.find((connection) => connection.queries.size < this.perConnection);
    if (roomy !== undefined) return roomy;
    const connection: Connection = { client: this.openClient(), queries: new Set() };
    this.connections.push(connection);
    return connection;
  }

  private async closeIfIdle(connection: Connection): Promise<void> {
    if (connection.queries.size > 0) return;
    const index = this.connections.indexOf(connection);
    if (index >= 0) this.connections.splice(index, 1);
    await connection.client.close().catch(() => undefined);
  }
}

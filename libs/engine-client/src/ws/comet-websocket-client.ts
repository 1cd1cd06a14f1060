// CometBFT `/websocket` subscriptions that survive the engine going away: a dropped or silent connection is
// reopened with backoff, every query is subscribed again, and listeners hear `reconnect` so they can backfill
// the heights they missed (the known bug of the reference implementation is to lose them silently).
import WebSocket, { type RawData } from 'ws';
import { jsonRoot } from '../comet/json-read';
import { EngineRpcError, EngineUnavailableError } from '../errors';
import { engineWebsocketUrl } from '../http/engine-url';
import { backoffDelay } from './backoff';
import { parseEventMessage } from './comet-event';
import {
  type CometEventListener,
  type QuerySubscription,
  SubscriptionRegistry,
} from './subscription-registry';

export interface CometWebsocketOptions {
  /**
   * First reconnect delay (default 250 ms), doubled per failed attempt up to `maxBackoffMs` (default 1 s: an
   * engine restarting is back within seconds, and one attempt a second to reach it costs it next to nothing).
   */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * We ping this often (default 15 s; CometBFT pings every 27 s). A connection from which nothing (message, ping
   * or pong) arrived during a whole interval is dropped and reopened.
   */
  pingIntervalMs?: number;
  /** Deadline of the handshake and of each subscribe/unsubscribe (default 10 s). */
  requestTimeoutMs?: number;
  /** Largest message accepted (default 32 MiB, as LIMITS.md). */
  maxPayloadBytes?: number;
}

export interface ReconnectInfo {
  /** `connection`: the socket was reopened; `cancelled`: the node cancelled a subscription (slow reader). */
  readonly cause: 'connection' | 'cancelled';
  /** From losing the events to receiving them again. */
  readonly downtimeMs: number;
  /** Connection attempts it took (1 for a cancelled subscription). */
  readonly attempts: number;
  /** The queries subscribed again; events between the loss and now were not delivered. */
  readonly queries: readonly string[];
}

export interface CometSubscription {
  readonly query: string;
  /** Stops this listener; the server subscription ends with the query's last listener. */
  unsubscribe(): Promise<void>;
}

interface PendingRequest {
  method: string;
  resolve(result: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

type State = 'idle' | 'open' | 'reconnecting' | 'closed';

export class CometWebsocketClient {
  private readonly url: URL;
  private readonly opts: Required<CometWebsocketOptions>;
  private readonly registry = new SubscriptionRegistry();
  private readonly pending = new Map<number, PendingRequest>();
  private readonly reconnectListeners = new Set<(info: ReconnectInfo) => void>();
  private readonly disconnectListeners = new Set<(reason: string) => void>();
  private readonly errorListeners = new Set<(error: Error) => void>();
  private ws: WebSocket | undefined;
  private state: State = 'idle';
  private nextId = 1;
  private attempts = 0;
  private downSince = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private heard = true;
  private connecting: Promise<void> | undefined;

  /** `node`: the engine's RPC address (`tcp://…`, `http(s)://…`); the socket goes to `<it>/websocket`. */
  constructor(node: string | URL, opts: CometWebsocketOptions = {}) {
    this.url = engineWebsocketUrl(node);
    this.opts = {
      initialBackoffMs: opts.initialBackoffMs ?? 250,
      maxBackoffMs: opts.maxBackoffMs ?? 1_000,
      pingIntervalMs: opts.pingIntervalMs ?? 15_000,
      requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
      maxPayloadBytes: opts.maxPayloadBytes ?? 32 * 1024 * 1024,
    };
  }

  get connected(): boolean {
    return this.state === 'open';
  }

  /**
   * Opens the connection once; an engine that does not accept it is an EngineUnavailableError (no retry: the
   * caller decides). Once open, losses are repaired in the background until close().
   */
  connect(): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new Error('CometWebsocketClient is closed'));
    if (this.state !== 'idle') return Promise.resolve();
    // One handshake however many callers wait; a close() that comes during it wins (no socket, no timer
    // outlives the client: a leftover one would reconnect forever once the engine goes away).
    this.connecting ??= this.open()
      .then((ws) => {
        if (this.state === 'closed') {
          clearInterval(this.pingTimer);
          ws.terminate();
          throw new Error('CometWebsocketClient closed while connecting');
        }
        this.ws = ws;
        this.state = 'open';
      })
      .finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Subscribes `listener` to `query`; resolves once the node acknowledged it (at once if already subscribed). */
  async subscribe(query: string, listener: CometEventListener): Promise<CometSubscription> {
    if (this.state === 'closed') throw new Error('CometWebsocketClient is closed');
    const existing = this.registry.get(query);
    const subscription = this.registry.add(query, listener);
    const handle: CometSubscription = { query, unsubscribe: () => this.unsubscribe(query, listener) };
    // While reconnecting, the new query is subscribed with all the others once the socket is back.
    if (existing !== undefined || this.state === 'reconnecting') return handle;
    if (this.state === 'idle') await this.connect();
    try {
      await this.sendSubscribe(subscription);
    } catch (error) {
      this.registry.removeListener(query, listener);
      throw error;
    }
    return handle;
  }

  /** Called after the events of every query flow again following a loss; returns a remover. */
  onReconnect(listener: (info: ReconnectInfo) => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Called when the connection is lost (events stop until onReconnect). */
  onDisconnect(listener: (reason: string) => void): () => void {
    this.disconnectListeners.add(listener);
    return () => this.disconnectListeners.delete(listener);
  }

  /** Errors that have no caller to go to: a listener that threw, a failed resubscription, a bad frame. */
  onError(listener: (error: Error) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Closes the connection and stops reconnecting; pending requests fail. */
  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.reconnectTimer);
    clearInterval(this.pingTimer);
    this.failPending(new Error('CometWebsocketClient closed'));
    const ws = this.ws;
    this.ws = undefined;
    if (ws === undefined || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => ws.terminate(), 1_000);
      ws.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      ws.close(1000);
    });
  }

  private open(): Promise<WebSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, {
        maxPayload: this.opts.maxPayloadBytes,
        handshakeTimeout: this.opts.requestTimeoutMs,
      });
      let opened = false;
      ws.on('error', (error) => {
        if (!opened) reject(new EngineUnavailableError('websocket', error.message, 'connection'));
        else this.emitError(error);
      });
      ws.on('close', (code, reason) => {
        if (!opened)
          reject(new EngineUnavailableError('websocket', `closed ${code} before open`, 'connection'));
        else this.lost(ws, `closed ${code}${reason.length > 0 ? ` ${reason.toString()}` : ''}`);
      });
      ws.on('open', () => {
        opened = true;
        this.watch(ws);
        resolve(ws);
      });
      ws.on('message', (data: RawData) => this.receive(data));
      ws.on('ping', () => (this.heard = true));
      ws.on('pong', () => (this.heard = true));
    });
  }

  /** Pings every interval; a connection silent for a whole interval is treated as lost. */
  private watch(ws: WebSocket): void {
    clearInterval(this.pingTimer);
    this.heard = true;
    this.pingTimer = setInterval(() => {
      if (!this.heard) {
        ws.terminate();
        return;
      }
      this.heard = false;
      ws.ping();
    }, this.opts.pingIntervalMs);
  }

  private lost(ws: WebSocket, reason: string): void {
    if (ws !== this.ws) return;
    clearInterval(this.pingTimer);
    this.ws = undefined;
    this.registry.unbindAll();
    this.failPending(new EngineUnavailableError('websocket', reason, 'connection'));
    if (this.state === 'closed') return;
    this.state = 'reconnecting';
    this.downSince = Date.now();
    this.attempts = 0;
    for (const listener of this.disconnectListeners) listener(reason);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.attempts++;
    const delay = backoffDelay(this.attempts, {
      initialMs: this.opts.initialBackoffMs,
      maxMs: this.opts.maxBackoffMs,
    });
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
  }

  private async reconnect(): Promise<void> {
    let ws: WebSocket;
    try {
      ws = await this.open();
    } catch {
      if (this.state === 'reconnecting') this.scheduleReconnect();
      return;
    }
    if (this.state === 'closed') {
      ws.terminate();
      return;
    }
    this.ws = ws;
    this.state = 'open';
    const subscriptions = this.registry.all();
    try {
      await Promise.all(subscriptions.map((s) => this.sendSubscribe(s)));
    } catch (error) {
      // A refused resubscription (e.g. the node's subscription limit): drop this socket and try again later.
      this.emitError(error instanceof Error ? error : new Error(String(error)));
      ws.terminate();
      return;
    }
    this.notifyReconnect('connection', this.attempts, subscriptions);
  }

  private notifyReconnect(cause: ReconnectInfo['cause'], attempts: number, subs: QuerySubscription[]): void {
    const info: ReconnectInfo = {
      cause,
      downtimeMs: Date.now() - this.downSince,
      attempts,
      queries: subs.map((s) => s.query),
    };
    for (const listener of this.reconnectListeners) listener(info);
  }

  private async sendSubscribe(subscription: QuerySubscription): Promise<void> {
    const id = this.nextId++;
    // Bound before the answer: the node may push the first event right behind its acknowledgement.
    this.registry.bind(subscription, id);
    await this.request(id, 'subscribe', { query: subscription.query });
  }

  private async unsubscribe(query: string, listener: CometEventListener): Promise<void> {
    if (!this.registry.removeListener(query, listener) || this.state !== 'open') return;
    await this.request(this.nextId++, 'unsubscribe', { query });
  }

  private request(id: number, method: string, params: Record<string, string>): Promise<unknown> {
    const ws = this.ws;
    if (ws === undefined || ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new EngineUnavailableError(method, 'websocket not open', 'connection'));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new EngineUnavailableError(method, `timeout after ${this.opts.requestTimeoutMs} ms`, 'timeout'),
        );
      }, this.opts.requestTimeoutMs);
      this.pending.set(id, { method, resolve, reject, timer });
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  private receive(data: RawData): void {
    this.heard = true;
    let message: { id?: unknown; result?: unknown; error?: unknown };
    try {
      message = JSON.parse(rawText(data)) as typeof message;
    } catch {
      this.emitError(new Error('engine websocket sent a frame that is not JSON'));
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const request = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
    if (request !== undefined && typeof message.id === 'number') {
      this.pending.delete(message.id);
      clearTimeout(request.timer);
      if (message.error !== undefined && message.error !== null)
        request.reject(rpcError(request.method, message.error));
      else request.resolve(message.result);
      return;
    }
    if (message.error !== undefined && message.error !== null) {
      this.cancelled(message.id, message.error);
      return;
    }
    this.deliver(message.id, message.result);
  }

  private deliver(id: unknown, result: unknown): void {
    const root = jsonRoot(result, 'event');
    if (root.isAbsent() || root.get('data').isAbsent()) return;
    let event;
    try {
      event = parseEventMessage(root);
    } catch (error) {
      this.emitError(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const subscription = this.registry.find(id, event.query);
    for (const listener of subscription?.listeners ?? []) {
      try {
        listener(event);
      } catch (error) {
        this.emitError(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  /** The node cancelled a subscription (its buffer overflowed): subscribe it again and report the gap. */
  private cancelled(id: unknown, error: unknown): void {
    const subscription = this.registry.find(id, undefined);
    if (subscription === undefined) {
      this.emitError(rpcError('websocket', error));
      return;
    }
    this.downSince = Date.now();
    this.sendSubscribe(subscription).then(
      () => this.notifyReconnect('cancelled', 1, [subscription]),
      (cause: unknown) => this.emitError(cause instanceof Error ? cause : new Error(String(cause))),
    );
  }

  private failPending(error: Error): void {
    for (const request of this.pending.values()) {
      clearTimeout(request.timer);
      request.reject(error);
    }
    this.pending.clear();
  }

  private emitError(error: Error): void {
    for (const listener of this.errorListeners) listener(error);
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function rpcError(method: string, error: unknown): EngineRpcError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    data?: unknown;
  };
  return new EngineRpcError(
    method,
    typeof e.code === 'number' ? e.code : 0,
    typeof e.message === 'string' ? e.message : '',
    typeof e.data === 'string' ? e.data : undefined,
  );
}

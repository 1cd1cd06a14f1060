// The knobs of the /websocket endpoint, defaulting to what a CometBFT 0.38 node runs with
// (config/config.go DefaultRPCConfig, rpc/jsonrpc/server/ws_handler.go constants).

export interface WebsocketLimits {
  /**
   * `max_subscription_clients`: connections holding at least one subscription. Checked before
   * every subscribe, so once it is reached even a subscribed connection cannot add another.
   */
  readonly maxClients: number;
  /** `max_subscriptions_per_client`. */
  readonly maxSubscriptionsPerClient: number;
  /**
   * `experimental_subscription_buffer_size`: events of one subscription that may wait for a slow
   * reader; one more cancels the subscription (libs/pubsub ErrOutOfCapacity).
   */
  readonly bufferSize: number;
  /**
   * `experimental_websocket_write_buffer_size`: frames that may wait for the socket before the
   * connection stops reading requests, as CometBFT's read routine blocks on a full write channel.
   */
  readonly writeBufferSize: number;
  /** `max_body_bytes`, which the node passes as the websocket read limit: larger frames close with 1009. */
  readonly readLimit: number;
  /** How often the server pings (defaultWSPingPeriod = readWait * 9 / 10). */
  readonly pingPeriodMs: number;
  /** The pong timeout: a connection from which nothing (message or pong) arrived for this long is dropped. */
  readonly readWaitMs: number;
  /** A connection whose socket accepts nothing for this long is dropped (defaultWSWriteWait). */
  readonly writeWaitMs: number;
}

export const DEFAULT_WEBSOCKET_LIMITS: WebsocketLimits = {
  maxClients: 100,
  maxSubscriptionsPerClient: 5,
  bufferSize: 200,
  writeBufferSize: 200,
  readLimit: 1_000_000,
  pingPeriodMs: 27_000,
  readWaitMs: 30_000,
  writeWaitMs: 10_000,
};

export function websocketLimits(overrides: Partial<WebsocketLimits> = {}): WebsocketLimits {
  const limits = { ...DEFAULT_WEBSOCKET_LIMITS, ...overrides };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`websocket limit ${name} must be a non-negative integer, got ${value}`);
    }
  }
  for (const name of [
    'bufferSize',
    'writeBufferSize',
    'pingPeriodMs',
    'readWaitMs',
    'writeWaitMs',
  ] as const) {
    if (limits[name] === 0) throw new RangeError(`websocket limit ${name} must be positive`);
  }
  return limits;
}

// Opens the Redis connection of a process: retries forever once up (commands fail fast meanwhile),
// but fails the start with a one-line reason when the server cannot be reached at all.
import { Redis } from 'ioredis';

export interface ConnectRedisOptions {
  /** The client name Redis shows in CLIENT LIST, e.g. `photon-keystore`. */
  readonly name: string;
  /** Connection errors after the start (Redis restarting, network blips); credentials never appear. */
  readonly onError?: (message: string) => void;
  /**
   * TLS material (PEM) for a `rediss://` server: the CA that signed its certificate, and a client
   * certificate and key when the server asks for one. User and password ride in the URL.
   */
  readonly tls?: { readonly ca?: string; readonly cert?: string; readonly key?: string };
}

export async function connectRedis(url: URL, options: ConnectRedisOptions): Promise<Redis> {
  let started = false;
  const redis = new Redis(url.toString(), {
    lazyConnect: true,
    connectionName: options.name,
    connectTimeout: 3000,
    // A request waits through at most one reconnect attempt, then fails (toErrorObject answers
    // -32002 the store is unavailable), instead of hanging a JSON-RPC call while Redis is down.
    maxRetriesPerRequest: 1,
    // No retries before the first connection: an unreachable server fails the start at once.
    retryStrategy: (attempt) => (started ? Math.min(attempt * 100, 2000) : null),
    ...(options.tls === undefined ? {} : { tls: { ...options.tls } }),
  });
  // ioredis rejects connect() with a bare "Connection is closed."; the error event says why.
  let firstError: string | undefined;
  redis.on('error', (error: Error) => {
    if (started) options.onError?.(`Redis at ${where(url)}: ${error.message}`);
    else firstError ??= error.message;
  });
  try {
    await redis.connect();
  } catch (error) {
    // Without retries the client has ended by now; disconnecting an ended one arms a 2 s timer.
    if (redis.status !== 'end') redis.disconnect();
    const reason = firstError ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`cannot connect to Redis at ${where(url)}: ${reason}`);
  }
  started = true;
  return redis;
}

// The server without user and password: a Redis URL may carry credentials.
const where = (url: URL): string => `${url.protocol}//${url.host}`;

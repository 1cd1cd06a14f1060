// Opens the NATS connection of a process: reconnects forever once up, but fails the start with a
// one-line reason when the server cannot be reached at all.
import { connect, type NatsConnection } from 'nats';

export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  try {
    return await connect({
      servers: url,
      name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      timeout: 3000,
      // An async stack trace per request costs a fifth of the gateway's CPU; bus errors are
      // mapped to JSON-RPC errors anyway, so the extra context is never shown.
      noAsyncTraces: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to NATS at ${url}: ${reason}`);
  }
}

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
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`cannot connect to NATS at ${url}: ${reason}`);
  }
}

// What both websockets of the gateway (JSON-RPC at `/`, engine events at `/websocket`) do the same way:
// geth's keepalive, the bound on unsent data, and reading a frame as text.
import type { RawData, WebSocket } from 'ws';

/** Unsent bytes a socket may hold before its subscriber counts as too slow (geth: a 10 s write stall). */
export const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * Pings `socket` every `seconds`; a peer that missed its pong by the next ping is terminated (`onDead`
 * is told first). Stops by itself when the socket closes.
 */
export function keepAlive(socket: WebSocket, seconds: number, onDead?: () => void): void {
  let alive = true;
  socket.on('pong', () => (alive = true));
  const timer = setInterval(() => {
    if (!alive) {
      onDead?.();
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, seconds * 1000);
  timer.unref();
  socket.once('close', () => clearInterval(timer));
}

/** A frame as text, however ws delivered it. */
export function frameText(data: RawData | string): string {
  if (typeof data === 'string') return data;
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

// What one JSON-RPC websocket may owe its client, bounded: every frame to it (a reply, a batch reply, a
// notification) goes out through here and counts against one bound on unsent bytes. Reading the client's
// requests stops while the unsent bytes pass a quarter of the bound or while its calls in flight pass
// MAX_CALLS_IN_FLIGHT (one full batch alone does not: a long pause leaves the client's pongs unread and
// the keepalive drops it), and resumes once both are back under (TCP then pushes back on the client); a
// frame that would take the unsent bytes past the bound closes the socket with 1008 and a reason instead,
// so a client that never reads costs at most the bound plus one reply.
import { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES } from './socket-upkeep';

/** Calls (batch items count one each) a connection may have in flight; past them its requests wait unread. */
export const MAX_CALLS_IN_FLIGHT = 1_000;
/** Close code for a client that does not read what it asked for (1008: policy violation). */
export const NOT_READING = 1008;

export class SocketFlow {
  private inFlight = 0;
  private closed = false;

  /** `onClose` hears the reason when the flow closes the socket. */
  constructor(
    private readonly socket: WebSocket,
    private readonly maxUnsentBytes: number = MAX_BUFFERED_BYTES,
    private readonly onClose: (reason: string) => void = () => undefined,
  ) {}

  /** Calls of one request are being answered: past the in-flight bound, reading waits. */
  begin(calls: number): void {
    this.inFlight += calls;
    this.steer();
  }

  /** Those calls are answered (and their reply sent, or dropped). */
  end(calls: number): void {
    this.inFlight -= calls;
    this.steer();
  }

  /**
   * Writes `text` unless the socket is gone or the frame would take its unsent bytes past the bound
   * (then it closes the socket): true when written.
   */
  send(text: string, what: 'reply' | 'notification' = 'reply'): boolean {
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return false;
    const unsent = this.socket.bufferedAmount;
    // One frame larger than the bound still goes to a client that has read everything before it.
    if (unsent > 0 && unsent + Buffer.byteLength(text) > this.maxUnsentBytes) {
      this.closed = true;
      const reason = `client not reading: ${what}s backed up past ${this.maxUnsentBytes} bytes`;
      this.onClose(reason);
      this.socket.close(NOT_READING, reason);
      return false;
    }
    this.socket.send(text, () => this.steer());
    this.steer();
    return true;
  }

  /** Unsent bytes and calls in flight, for tests and metrics. */
  get state(): { readonly unsentBytes: number; readonly inFlight: number; readonly paused: boolean } {
    return { unsentBytes: this.socket.bufferedAmount, inFlight: this.inFlight, paused: this.socket.isPaused };
  }

  private steer(): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const behind =
      this.inFlight > MAX_CALLS_IN_FLIGHT || this.socket.bufferedAmount > this.maxUnsentBytes / 4;
    if (behind && !this.socket.isPaused) this.socket.pause();
    else if (!behind && this.socket.isPaused) this.socket.resume();
  }
}

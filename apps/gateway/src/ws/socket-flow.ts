// What one JSON-RPC websocket may owe its client, bounded: every frame to it (a reply, a batch reply, a
// notification) goes out through here and counts against one bound on unsent bytes (--ws-max-unsent-bytes).
// Reading the client's requests stops while the unsent bytes pass a quarter of the bound, while its calls in
// flight pass --ws-max-calls-in-flight (one full batch alone does not: a long pause leaves the client's pongs
// unread and the keepalive drops it) or while --ws-max-batches-in-flight batches are (each may answer up to
// the batch response limit), and resumes once all are back under (TCP then pushes back on the client). Frames
// the socket had already read when it paused wait their turn in `admit` rather than run. A frame that
// would take the unsent bytes past the bound closes the socket with 1008 and a reason instead, so a client
// that never reads costs at most the bound plus the replies of the calls let in.
import { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES } from './socket-upkeep';

/** The bounds of one connection (the flags' defaults unless given). */
export interface SocketFlowLimits {
  /** Bytes the client may owe reading; past a quarter its requests wait unread, past it the socket closes. */
  readonly maxUnsentBytes: number;
  /** Calls (batch items count one each) in flight; past them its requests wait unread. */
  readonly maxCallsInFlight: number;
  /** Batches in flight at once; while it has them its requests wait unread. */
  readonly maxBatchesInFlight: number;
}

export const DEFAULT_SOCKET_FLOW_LIMITS: SocketFlowLimits = {
  maxUnsentBytes: MAX_BUFFERED_BYTES,
  maxCallsInFlight: 1_000,
  maxBatchesInFlight: 2,
};
/** Close code for a client that does not read what it asked for (1008: policy violation). */
export const NOT_READING = 1008;

export class SocketFlow {
  private inFlight = 0;
  private batchesInFlight = 0;
  private closed = false;
  /** Requests read before the pause took hold, waiting in arrival order to be let in. */
  private readonly waiting: (() => void)[] = [];

  /** `onClose` hears the reason when the flow closes the socket. */
  constructor(
    private readonly socket: WebSocket,
    private readonly limits: SocketFlowLimits = DEFAULT_SOCKET_FLOW_LIMITS,
    private readonly onClose: (reason: string) => void = () => undefined,
  ) {
    // A socket that closes with requests waiting lets them go (each finds it gone and stops).
    socket.once('close', () => this.steer());
  }

  /**
   * Resolves when a request just read may run: at once while the connection is within its bounds and no
   * earlier request waits, else in arrival order as the bounds free up (or the socket closes).
   */
  admit(): Promise<void> {
    if (this.waiting.length === 0 && !this.behind()) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Calls of one request (a batch or not) are being answered: past the in-flight bounds, reading waits. */
  begin(calls: number, batch: boolean): void {
    this.inFlight += calls;
    if (batch) this.batchesInFlight++;
    this.steer();
  }

  /** Those calls are answered (and their reply sent, or dropped). */
  end(calls: number, batch: boolean): void {
    this.inFlight -= calls;
    if (batch) this.batchesInFlight--;
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
    if (unsent > 0 && unsent + Buffer.byteLength(text) > this.limits.maxUnsentBytes) {
      this.closed = true;
      const reason = `client not reading: ${what === 'reply' ? 'replies' : 'notifications'} backed up past ${this.limits.maxUnsentBytes} bytes (--ws-max-unsent-bytes)`;
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

  private behind(): boolean {
    return (
      this.inFlight > this.limits.maxCallsInFlight ||
      this.batchesInFlight >= this.limits.maxBatchesInFlight ||
      this.socket.bufferedAmount > this.limits.maxUnsentBytes / 4
    );
  }

  private steer(): void {
    if (this.socket.readyState !== WebSocket.OPEN) {
      // Nothing more will be answered: the waiting requests run to find the socket gone.
      for (const resolve of this.waiting.splice(0)) resolve();
      return;
    }
    const behind = this.behind();
    // One waiting request at a time: its begin() steers again and lets the next in if there is room.
    if (!behind) this.waiting.shift()?.();
    if (behind && !this.socket.isPaused) this.socket.pause();
    else if (!behind && this.waiting.length === 0 && this.socket.isPaused) this.socket.resume();
  }
}

// SocketFlow: what a websocket may owe its client, and requests read past the bounds waiting their turn.
import { EventEmitter } from 'node:events';
import { WebSocket } from 'ws';
import { DEFAULT_SOCKET_FLOW_LIMITS, NOT_READING, SocketFlow } from './socket-flow';

const MAX_BATCHES_IN_FLIGHT = DEFAULT_SOCKET_FLOW_LIMITS.maxBatchesInFlight;

/** The parts of a ws socket the flow uses: unsent bytes the test sets, pause state, sends and closes. */
class FakeSocket extends EventEmitter {
  readyState: number = WebSocket.OPEN;
  bufferedAmount = 0;
  isPaused = false;
  readonly sent: string[] = [];
  closedWith: [number, string] | undefined;
  pause(): void {
    this.isPaused = true;
  }
  resume(): void {
    this.isPaused = false;
  }
  send(text: string): void {
    this.sent.push(text);
    this.bufferedAmount += text.length;
  }
  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
    this.readyState = WebSocket.CLOSED;
    this.emit('close');
  }
}

const flowOn = (socket: FakeSocket, maxUnsent = 1000) =>
  new SocketFlow(socket as unknown as WebSocket, {
    ...DEFAULT_SOCKET_FLOW_LIMITS,
    maxUnsentBytes: maxUnsent,
  });

/** Settles pending promise callbacks. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(SocketFlow.name, () => {
  it('default: requests run at once while the connection is within its bounds', async () => {
    const socket = new FakeSocket();
    const flow = flowOn(socket);
    await flow.admit();
    flow.begin(1, false);
    expect(flow.state).toEqual({ unsentBytes: 0, inFlight: 1, paused: false });
  });

  it('args: limits: past maxCallsInFlight calls, reading pauses until one is answered', async () => {
    const socket = new FakeSocket();
    const flow = new SocketFlow(socket as unknown as WebSocket, {
      ...DEFAULT_SOCKET_FLOW_LIMITS,
      maxCallsInFlight: 3,
    });
    await flow.admit();
    flow.begin(4, false);
    expect(socket.isPaused).toBe(true);
    let admitted = false;
    void flow.admit().then(() => (admitted = true));
    await settle();
    expect(admitted).toBe(false);
    flow.end(4, false);
    await settle();
    expect(admitted).toBe(true);
  });

  it('behavior: past the batches in flight, reading pauses and requests already read wait in order', async () => {
    const socket = new FakeSocket();
    const flow = flowOn(socket);
    for (let i = 0; i < MAX_BATCHES_IN_FLIGHT; i++) {
      await flow.admit();
      flow.begin(100, true);
    }
    expect(socket.isPaused).toBe(true);
    const order: number[] = [];
    const waiting = [1, 2].map((n) =>
      flow.admit().then(() => {
        order.push(n);
        flow.begin(100, true);
      }),
    );
    await settle();
    expect(order).toEqual([]);
    flow.end(100, true);
    await settle();
    // One batch ended: one waiting request is let in, which fills the room again.
    expect(order).toEqual([1]);
    expect(socket.isPaused).toBe(true);
    flow.end(100, true);
    flow.end(100, true);
    await Promise.all(waiting);
    expect(order).toEqual([1, 2]);
  });

  it('behavior: unsent bytes past a quarter of the bound pause reading; past the bound the socket closes 1008', async () => {
    const socket = new FakeSocket();
    const flow = flowOn(socket, 1000);
    expect(flow.send('x'.repeat(300))).toBe(true);
    expect(socket.isPaused).toBe(true);
    let admitted = false;
    void flow.admit().then(() => (admitted = true));
    expect(flow.send('y'.repeat(800))).toBe(false);
    expect(socket.closedWith).toEqual([
      NOT_READING,
      'client not reading: replies backed up past 1000 bytes (--ws-max-unsent-bytes)',
    ]);
    await settle();
    // The close lets the waiting request go: it finds the socket gone instead of waiting forever.
    expect(admitted).toBe(true);
  });
});

// Where newHeads and logs subscriptions start: after the head the gateway had heard of when each was made
// (geth's "from the next block"), even when the head stream brings that head later, as it does when a
// query service announced the block of a receipt it answered before the events service streamed it.
import {
  InProcessBus,
  InProcessHeadStream,
  InProcessPendingFeed,
  type RpcHandlerRegistry,
} from '@photon/bus';
import { WebSocket } from 'ws';
import { EdgeAnswers } from '../rpc/edge-answers';
import type { SocketFlow } from '../ws/socket-flow';
import { SubscriptionHub } from './subscription-hub';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const TRANSFER = '0x' + 'dd'.repeat(32);

/** A socket whose frames are recorded instead of sent. */
function recordingSocket(): { socket: WebSocket; flow: SocketFlow; frames: unknown[] } {
  const frames: unknown[] = [];
  const flow = {
    send: (text: string) => frames.push(JSON.parse(text)) > 0,
    state: { unsentBytes: 0, inFlight: 0, paused: false },
  } as unknown as SocketFlow;
  return { socket: { readyState: WebSocket.OPEN } as WebSocket, flow, frames };
}

const headEvent = (height: number) => ({
  height: String(height),
  header: { number: `0x${height.toString(16)}` },
  logs: [{ address: TOKEN, topics: [TRANSFER], blockNumber: `0x${height.toString(16)}` }],
});

/** What each subscription was sent: header numbers for newHeads, log block numbers for logs. */
const sentPer = (frames: unknown[], id: string): string[] =>
  frames
    .map((frame) => (frame as { params: { subscription: string; result: Record<string, string> } }).params)
    .filter((params) => params.subscription === id)
    .map((params) => params.result.number ?? params.result.blockNumber ?? '');

describe(SubscriptionHub.name, () => {
  let bus: InProcessBus;
  let stream: InProcessHeadStream;
  let edge: EdgeAnswers;
  let hub: SubscriptionHub;

  beforeEach(() => {
    bus = new InProcessBus({} as RpcHandlerRegistry);
    stream = new InProcessHeadStream();
    edge = new EdgeAnswers(bus);
    edge.onModuleInit();
    hub = new SubscriptionHub(stream, new InProcessPendingFeed(), bus, edge);
  });
  afterEach(() => edge.onModuleDestroy());

  const subscribe = (sessionId: string, params: unknown[]) =>
    hub.subscribe(params, { transport: 'ws', sessionId });

  it('default: a block announced before the subscription and streamed after it is not sent', async () => {
    const { socket, flow, frames } = recordingSocket();
    hub.attach('s1', socket, '', flow);
    await subscribe('s1', ['newHeads']);
    await stream.append(headEvent(4));

    // Block 5 is announced (a receipt of it was answered) before the stream brings it.
    bus.publish('chain.height', { height: '5' });
    await Promise.resolve(); // the bus's events are delivered in a microtask
    const heads = await subscribe('s1', ['newHeads']);
    const logs = await subscribe('s1', ['logs', { address: TOKEN }]);
    await stream.append(headEvent(5));
    await stream.append(headEvent(6));

    expect(sentPer(frames, heads)).toEqual(['0x6']);
    expect(sentPer(frames, logs)).toEqual(['0x6']);
  });

  it('a subscription made while the stream is ahead of the announcements gets every later head', async () => {
    const { socket, flow, frames } = recordingSocket();
    hub.attach('s1', socket, '', flow);
    const heads = await subscribe('s1', ['newHeads']);
    await stream.append(headEvent(7));
    await stream.append(headEvent(8));

    expect(sentPer(frames, heads)).toEqual(['0x7', '0x8']);
  });

  it('an announced head no longer trusted (a younger chain since) holds no subscription back', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    try {
      const { socket, flow, frames } = recordingSocket();
      hub.attach('s1', socket, '', flow);
      bus.publish('chain.height', { height: '900' });
      jest.runAllTicks();
      jest.advanceTimersByTime(60_000);
      const heads = await subscribe('s1', ['newHeads']);
      await stream.append(headEvent(3));

      expect(sentPer(frames, heads)).toEqual(['0x3']);
    } finally {
      jest.useRealTimers();
    }
  });
});

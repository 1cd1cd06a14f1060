// Where the query service's `latest` comes from: the leader's announcements and the head stream while they
// come, a receipt's block when it is higher, the engine once they go quiet.
import { type HeadListener, type HeadStream, InProcessBus, type RpcHandlerRegistry } from '@photon/bus';
import type { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import { ChainHead } from './chain-head';

describe('ChainHead', () => {
  let bus: InProcessBus;
  let engineHead: bigint;
  let engineCalls: number;
  let streamed: HeadListener | undefined;
  let head: ChainHead;
  let callerHeads: ((height: bigint) => void) | undefined;

  const announce = async (height: bigint) => {
    bus.publish('chain.height', { height: height.toString() });
    await Promise.resolve();
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    // Only the bus's events are used: no method is called, so no handler registry is needed.
    bus = new InProcessBus({} as RpcHandlerRegistry);
    engineHead = 50n;
    engineCalls = 0;
    const reader = {
      latestHeight: () => {
        engineCalls += 1;
        return Promise.resolve(engineHead);
      },
    } as unknown as EthereumChainReader;
    const heads = {
      follow: (listener: HeadListener) => {
        streamed = listener;
        return Promise.resolve(() => undefined);
      },
    } as unknown as HeadStream;
    const registry = {
      followCallerHeads: (listener: (height: bigint) => void) => (callerHeads = listener),
    } as unknown as RpcHandlerRegistry;
    head = new ChainHead(
      reader,
      heads,
      bus,
      { close: () => undefined } as unknown as CometHttpClient,
      registry,
    );
    head.onModuleInit();
  });
  afterEach(() => {
    head.onApplicationShutdown();
    jest.useRealTimers();
  });

  it('default: with nothing announced, the engine answers', async () => {
    expect(await head.latest()).toBe(50n);
    expect(engineCalls).toBe(1);
  });

  it('behavior: announced heights answer without the engine while they keep the chain pace', async () => {
    for (let height = 10n; height <= 14n; height++) {
      await announce(height);
      jest.advanceTimersByTime(1_000);
    }
    expect(await head.latest()).toBe(14n);
    // The stream's head event of a height already announced changes nothing.
    streamed!({ height: '14', header: {}, logs: [] });
    expect(await head.latest()).toBe(14n);
    expect(engineCalls).toBe(0);
    // Three intervals of 1 s pass without a head: the engine is asked.
    jest.advanceTimersByTime(3_000);
    expect(await head.latest()).toBe(50n);
    expect(engineCalls).toBe(1);
  });

  it('behavior: a receipt of a block past the announced head moves latest to it and is announced', async () => {
    const announced: string[] = [];
    bus.subscribe('chain.height', ({ height }) => announced.push(height));
    await announce(10n);
    head.atLeast(12n);
    expect(await head.latest()).toBe(12n);
    head.atLeast(11n);
    expect(await head.latest()).toBe(12n);
    expect(engineCalls).toBe(0);
    // Fake timers hold the bus's microtasks too.
    jest.runAllTicks();
    expect(announced).toEqual(['10', '12']);
  });

  it('behavior: the head a gateway states with a call moves latest before its announcement arrives', async () => {
    await announce(10n);
    // Fake timers hold the bus's microtasks too.
    jest.runAllTicks();
    const before = await head.perHead('balance:0x1', (at) => Promise.resolve(`at ${at}`));
    callerHeads!(11n);
    expect(await head.latest()).toBe(11n);
    expect(await head.perHead('balance:0x1', (at) => Promise.resolve(`at ${at}`))).toBe('at 11');
    expect(before).toBe('at 10');
    // An older head stated later changes nothing.
    callerHeads!(9n);
    expect(await head.latest()).toBe(11n);
    expect(engineCalls).toBe(0);
  });
});

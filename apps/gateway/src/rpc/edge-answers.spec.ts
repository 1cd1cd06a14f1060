// What the gateway answers without a bus round trip, on an in-process bus whose requests are counted:
// chain facts once given, the announced head while it is trusted, head answers once per head, never errors.
import { type BusRequest, INTERNAL_CONTEXT, InProcessBus, type RpcHandlerRegistry } from '@photon/bus';
import type { RpcCall } from '@photon/codec';
import { type MethodRow, findMethod } from '@photon/types';
import { EdgeAnswers } from './edge-answers';

class CountingBus extends InProcessBus {
  readonly asked: string[] = [];
  failNext = false;

  constructor() {
    // Only the bus's events are used: requests are answered here.
    super({} as RpcHandlerRegistry);
  }

  override request(_service: string, request: BusRequest): Promise<unknown> {
    this.asked.push(request.method);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('engine unavailable'));
    }
    return Promise.resolve(`${request.method}#${this.asked.length}`);
  }
}

const call = (method: string, params: unknown = []): RpcCall => ({
  id: 1,
  method,
  params,
  notification: false,
});
const row = (method: string): MethodRow => findMethod(method)!;

describe(EdgeAnswers.name, () => {
  let bus: CountingBus;
  let edge: EdgeAnswers;

  const answer = (method: string, params?: unknown) =>
    edge.answer(row(method), call(method, params), () =>
      bus.request('query', { method, params, context: INTERNAL_CONTEXT }),
    );
  const announce = (height: number) => {
    bus.publish('chain.height', { height: String(height) });
    jest.runAllTicks();
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    bus = new CountingBus();
    edge = new EdgeAnswers(bus);
    edge.onModuleInit();
  });
  afterEach(() => {
    edge.onModuleDestroy();
    jest.useRealTimers();
  });

  it('default: a chain fact is asked once, then answered at the edge', async () => {
    expect(await answer('eth_chainId')).toBe('eth_chainId#1');
    expect(await answer('eth_chainId')).toBe('eth_chainId#1');
    expect(await answer('net_version', undefined)).toBe('net_version#2');
    expect(await answer('net_version')).toBe('net_version#2');
    expect(bus.asked).toEqual(['eth_chainId', 'net_version']);
    expect(edge.stats()).toEqual({ hits: 2, misses: 2 });
  });

  it('behavior: the block number is the announced head while it is trusted, else the service’s', async () => {
    expect(await answer('eth_blockNumber')).toBe('eth_blockNumber#1');
    announce(16);
    expect(await answer('eth_blockNumber')).toBe('0x10');
    announce(17);
    expect(await answer('eth_blockNumber')).toBe('0x11');
    // Nothing announced for longer than the head is trusted: the service answers again.
    jest.advanceTimersByTime(1_000);
    expect(await answer('eth_blockNumber')).toBe('eth_blockNumber#2');
    expect(bus.asked).toEqual(['eth_blockNumber', 'eth_blockNumber']);
  });

  it('behavior: a head answer is asked once per head, concurrent callers sharing the request', async () => {
    announce(5);
    const [first, second] = await Promise.all([answer('eth_gasPrice'), answer('eth_gasPrice')]);
    expect([first, second]).toEqual(['eth_gasPrice#1', 'eth_gasPrice#1']);
    expect(await answer('eth_maxPriorityFeePerGas')).toBe('eth_maxPriorityFeePerGas#2');
    announce(6);
    expect(await answer('eth_gasPrice')).toBe('eth_gasPrice#3');
    expect(await answer('eth_gasPrice')).toBe('eth_gasPrice#3');
  });

  it('error: a failed answer is never kept, so the next caller asks again', async () => {
    announce(5);
    bus.failNext = true;
    await expect(answer('eth_gasPrice')).rejects.toThrow('engine unavailable');
    expect(await answer('eth_gasPrice')).toBe('eth_gasPrice#2');
    bus.failNext = true;
    await expect(answer('eth_chainId')).rejects.toThrow('engine unavailable');
    expect(await answer('eth_chainId')).toBe('eth_chainId#4');
  });

  it('behavior: calls with params, and methods not marked for the edge, always go to their service', async () => {
    announce(5);
    expect(await answer('eth_blockNumber', ['latest'])).toBe('eth_blockNumber#1');
    expect(await answer('eth_chainId', {})).toBe('eth_chainId#2');
    expect(await answer('eth_getBalance', ['0x' + '11'.repeat(20)])).toBe('eth_getBalance#3');
    expect(await answer('eth_getBalance', ['0x' + '11'.repeat(20)])).toBe('eth_getBalance#4');
  });
});

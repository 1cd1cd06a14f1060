// What the gateway answers without a bus round trip, on an in-process bus whose requests are counted:
// chain facts once given, the announced head while it is trusted, head answers and state reads at latest once
// per head, receipts once given, never errors.
import { type BusRequest, INTERNAL_CONTEXT, InProcessBus, type RpcHandlerRegistry } from '@photon/bus';
import { RawJson, type RpcCall } from '@photon/codec';
import { type MethodRow, findMethod } from '@photon/types';
import { EdgeAnswers } from './edge-answers';

class CountingBus extends InProcessBus {
  readonly asked: string[] = [];
  failNext = false;

  constructor() {
    // Only the bus's events are used: requests are answered here.
    super({} as RpcHandlerRegistry);
  }

  /** What the next request answers instead of `<method>#<n>`. */
  answerNext: unknown;

  override request(_service: string, request: BusRequest): Promise<unknown> {
    this.asked.push(request.method);
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('engine unavailable'));
    }
    if (this.answerNext !== undefined) {
      const next = this.answerNext;
      this.answerNext = undefined;
      return Promise.resolve(next);
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
/** An answer as its client reads it (the edge keeps some as JSON text). */
const valueOf = (answer: unknown): unknown => (answer instanceof RawJson ? answer.value() : answer);

describe(EdgeAnswers.name, () => {
  let bus: CountingBus;
  let edge: EdgeAnswers;
  /** The head each request to the service was told its answer is kept at (undefined: not kept per head). */
  let statedHeads: (bigint | undefined)[];

  const answer = (method: string, params?: unknown) =>
    edge.answer(row(method), call(method, params), (head) => {
      statedHeads.push(head);
      return bus.request('query', { method, params, context: INTERNAL_CONTEXT });
    });
  const announce = (height: number) => {
    bus.publish('chain.height', { height: String(height) });
    jest.runAllTicks();
  };

  beforeEach(() => {
    jest.useFakeTimers({ now: 1_000_000 });
    bus = new CountingBus();
    statedHeads = [];
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
    expect(edge.snapshot()).toEqual({ chain: { hits: 2, misses: 2 } });
  });

  it('behavior: the block number is the announced head while it is trusted, else the service’s', async () => {
    expect(await answer('eth_blockNumber')).toBe('eth_blockNumber#1');
    announce(16);
    expect(valueOf(await answer('eth_blockNumber'))).toBe('0x10');
    announce(17);
    expect(valueOf(await answer('eth_blockNumber'))).toBe('0x11');
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
    expect(await answer('eth_getBlockByNumber', ['latest', false])).toBe('eth_getBlockByNumber#3');
    expect(await answer('eth_getBlockByNumber', ['latest', false])).toBe('eth_getBlockByNumber#4');
  });

  it('behavior: a state read at latest is asked once per head and params, telling the service the head', async () => {
    const address = '0x' + '11'.repeat(20);
    announce(5);
    const [first, second] = await Promise.all([
      answer('eth_getBalance', [address, 'latest']),
      answer('eth_getBalance', [address, 'latest']),
    ]);
    expect([first, second]).toEqual(['eth_getBalance#1', 'eth_getBalance#1']);
    expect(statedHeads).toEqual([5n]);
    // The block left out is latest too, but other params are another answer.
    expect(await answer('eth_getBalance', [address])).toBe('eth_getBalance#2');
    expect(await answer('eth_getBalance', [address])).toBe('eth_getBalance#2');
    expect(await answer('eth_getBalance', ['0x' + '22'.repeat(20), 'latest'])).toBe('eth_getBalance#3');
    expect(await answer('eth_getStorageAt', [address, '0x0', 'latest'])).toBe('eth_getStorageAt#4');
    expect(await answer('eth_getStorageAt', [address, '0x0', 'latest'])).toBe('eth_getStorageAt#4');
    announce(6);
    expect(await answer('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#5');
    expect(statedHeads.at(-1)).toBe(6n);
  });

  it('behavior: a state read or a call pinned to a block is kept per head too; pending and other forms go to the service', async () => {
    const address = '0x' + '11'.repeat(20);
    announce(5);
    const pinned = [
      ['eth_getBalance', [address, '0x5']],
      ['eth_getBalance', [address, 'earliest']],
      ['eth_getBalance', [address, { blockHash: '0x' + 'ab'.repeat(32) }]],
      ['eth_call', [{ to: address, data: '0x70a08231' }, '0x4']],
      ['eth_call', [{ to: address, data: '0x70a08231' }]],
      ['eth_estimateGas', [{ to: address }, 'latest']],
    ] as const;
    for (const [method, params] of pinned) {
      const first = await answer(method, params);
      expect(await answer(method, params)).toBe(first);
    }
    expect(bus.asked).toHaveLength(pinned.length);
    const asks = [
      ['eth_getTransactionCount', [address, 'pending']],
      ['eth_call', [{ to: address }, 'pending']],
      ['eth_getBalance', [address, 'latest', 'extra']],
      // State overrides (a third param eth_call's row does not list): never kept.
      ['eth_call', [{ to: address }, 'latest', { [address]: { balance: '0x1' } }]],
      ['eth_getBalance', { address }],
    ] as const;
    for (const [method, params] of asks) {
      await answer(method, params);
      await answer(method, params);
    }
    expect(bus.asked).toHaveLength(pinned.length + asks.length * 2);
    // The next head: even a numbered block is asked again (kept per head only).
    announce(6);
    await answer('eth_getBalance', [address, '0x5']);
    expect(bus.asked).toHaveLength(pinned.length + asks.length * 2 + 1);
  });

  it('error: without a trusted head a state read goes to its service every time', async () => {
    const address = '0x' + '11'.repeat(20);
    expect(await answer('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#1');
    expect(await answer('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#2');
    announce(5);
    jest.advanceTimersByTime(60_000);
    expect(await answer('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#3');
    bus.failNext = true;
    announce(6);
    await expect(answer('eth_getBalance', [address, 'latest'])).rejects.toThrow('engine unavailable');
    expect(await answer('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#5');
  });

  it('behavior: a receipt is kept once given, never while it is null or failed', async () => {
    const hash = '0x' + 'cd'.repeat(32);
    bus.answerNext = null;
    expect(await answer('eth_getTransactionReceipt', [hash])).toBeNull();
    bus.answerNext = new RawJson('null');
    expect(await answer('eth_getTransactionReceipt', [hash])).toEqual(new RawJson('null'));
    bus.failNext = true;
    await expect(answer('eth_getTransactionReceipt', [hash])).rejects.toThrow('engine unavailable');
    const receipt = new RawJson('{"status":"0x1"}');
    bus.answerNext = receipt;
    expect(await answer('eth_getTransactionReceipt', [hash])).toBe(receipt);
    expect(await answer('eth_getTransactionReceipt', [hash])).toBe(receipt);
    expect(bus.asked).toHaveLength(4);
    // Another transaction is another answer.
    expect(valueOf(await answer('eth_getTransactionReceipt', ['0x' + 'ef'.repeat(32)]))).toBe(
      'eth_getTransactionReceipt#5',
    );
  });

  it('behavior: a block read by number or hash is kept once given, with no trusted head; a tag or null goes to the service', async () => {
    const hash = '0x' + 'ab'.repeat(32);
    const pinned = [
      ['eth_getBlockByNumber', ['0x5', false]],
      ['eth_getBlockByNumber', ['0x5', true]],
      ['eth_getBlockByHash', [hash, false]],
      ['eth_getBlockReceipts', ['0x5']],
      ['eth_getBlockReceipts', [{ blockHash: hash }]],
      ['eth_getBlockTransactionCountByNumber', ['0x5']],
      ['eth_getBlockTransactionCountByHash', [hash]],
      ['eth_getTransactionByBlockNumberAndIndex', ['0x5', '0x0']],
      ['eth_getTransactionByBlockHashAndIndex', [hash, '0x0']],
    ] as const;
    for (const [method, params] of pinned) {
      const first = valueOf(await answer(method, params));
      expect(valueOf(await answer(method, params))).toBe(first);
    }
    expect(bus.asked).toHaveLength(pinned.length);
    // Unlike a state read at a numbered block, a block stays kept past the next head.
    announce(7);
    announce(8);
    await answer('eth_getBlockByNumber', ['0x5', false]);
    expect(bus.asked).toHaveLength(pinned.length);
    expect(edge.statsOf('block')).toEqual({ hits: pinned.length + 1, misses: pinned.length });

    const moving = [
      ['eth_getBlockByNumber', ['latest', false]],
      ['eth_getBlockByNumber', ['pending', false]],
      ['eth_getBlockByNumber', ['earliest', false]],
      ['eth_getBlockReceipts', [{ blockNumber: 'latest' }]],
      ['eth_getBlockTransactionCountByNumber', []],
      ['eth_getBlockByNumber', ['0x5', false, 'extra']],
      ['eth_getBlockByNumber', { block: '0x5' }],
    ] as const;
    for (const [method, params] of moving) {
      await answer(method, params);
      await answer(method, params);
    }
    expect(bus.asked).toHaveLength(pinned.length + moving.length * 2);

    // A block past the head is null until it is committed: asked again each time, then kept.
    bus.answerNext = new RawJson('null');
    await answer('eth_getBlockByNumber', ['0x9', false]);
    bus.answerNext = { number: '0x9' };
    expect(valueOf(await answer('eth_getBlockByNumber', ['0x9', false]))).toEqual({ number: '0x9' });
    expect(await answer('eth_getBlockByNumber', ['0x9', false])).toEqual(new RawJson('{"number":"0x9"}'));
    expect(bus.asked).toHaveLength(pinned.length + moving.length * 2 + 2);
  });

  it('behavior: the logs of a block hash or of a range between two numbers are kept once given; a tag or a failure goes to the service', async () => {
    const token = '0x' + '22'.repeat(20);
    const pinned = [
      [{ fromBlock: '0x1', toBlock: '0x64', address: token }],
      [{ fromBlock: '0x1', toBlock: '0x64' }],
      [{ blockHash: '0x' + 'ab'.repeat(32), address: token }],
    ] as const;
    for (const params of pinned) {
      bus.answerNext = new RawJson('[]');
      await answer('eth_getLogs', params);
      expect(await answer('eth_getLogs', params)).toEqual(new RawJson('[]'));
    }
    expect(bus.asked).toHaveLength(pinned.length);
    const moving = [
      [{ fromBlock: '0x1', toBlock: 'latest', address: token }],
      [{ fromBlock: 'earliest', toBlock: '0x64' }],
      [{ fromBlock: '0x1' }],
      [{ address: token }],
      [{ fromBlock: '0x1', toBlock: '0x64' }, 'extra'],
      [{ blockHash: 5 }],
    ] as const;
    for (const params of moving) {
      await answer('eth_getLogs', params);
      await answer('eth_getLogs', params);
    }
    expect(bus.asked).toHaveLength(pinned.length + moving.length * 2);
    // A range past the head is refused until its blocks exist: the error is never kept.
    const ahead = [{ fromBlock: '0x1', toBlock: '0x3e8' }];
    bus.failNext = true;
    await expect(answer('eth_getLogs', ahead)).rejects.toThrow('engine unavailable');
    await answer('eth_getLogs', ahead);
    await answer('eth_getLogs', ahead);
    expect(bus.asked).toHaveLength(pinned.length + moving.length * 2 + 2);
  });

  it('behavior: answerNow gives what the edge holds already, never asking, nothing while an answer is on its way', async () => {
    const now = (method: string, params: unknown = []) => {
      const kept = edge.answerNow(row(method), call(method, params));
      return kept === undefined ? undefined : valueOf(kept.result);
    };
    const address = '0x' + '11'.repeat(20);
    expect(now('eth_blockNumber')).toBeUndefined();
    expect(now('eth_chainId')).toBeUndefined();
    announce(16);
    expect(now('eth_blockNumber')).toBe('0x10');
    expect(now('eth_blockNumber', ['latest'])).toBeUndefined();
    await answer('eth_chainId');
    expect(now('eth_chainId')).toBe('eth_chainId#1');

    const onItsWay = answer('eth_getBalance', [address, 'latest']);
    expect(now('eth_getBalance', [address, 'latest'])).toBeUndefined();
    await onItsWay;
    expect(now('eth_getBalance', [address, 'latest'])).toBe('eth_getBalance#2');
    expect(now('eth_getBalance', [address])).toBeUndefined();
    expect(now('eth_getBalance', [address, '0x10'])).toBeUndefined();

    bus.failNext = true;
    await expect(answer('eth_gasPrice')).rejects.toThrow('engine unavailable');
    expect(now('eth_gasPrice')).toBeUndefined();
    await answer('eth_gasPrice');
    expect(now('eth_gasPrice')).toBe('eth_gasPrice#4');

    const receipt = new RawJson('{"status":"0x1"}');
    bus.answerNext = receipt;
    await answer('eth_getTransactionReceipt', ['0x' + 'cd'.repeat(32)]);
    expect(now('eth_getTransactionReceipt', ['0x' + 'cd'.repeat(32)])).toEqual({ status: '0x1' });

    // A new head drops what was kept for the old one; nothing was asked by answerNow.
    announce(17);
    expect([now('eth_getBalance', [address, 'latest']), now('eth_gasPrice')]).toEqual([undefined, undefined]);
    expect(bus.asked).toEqual([
      'eth_chainId',
      'eth_getBalance',
      'eth_gasPrice',
      'eth_gasPrice',
      'eth_getTransactionReceipt',
    ]);
  });
});

// Websocket subscriptions (issue 11 items 1 and 4) through the real listeners, in-process and over NATS with
// the events service publishing each head on JetStream: newHeads carries every height once, in order, with
// the hash eth_getBlockByNumber gives (Ethermint's does not); logs one notification per matching log in
// chain order; newPendingTransactions the hashes of accepted txs; and geth's answers where it refuses.
// ethers' WebSocketProvider and viem's watchBlocks are the clients.
import { type PhotonStack, type PhotonStackKind, rpc, waitFor } from '@photon/testing';
import { type Contract, type JsonRpcProvider, WebSocketProvider } from 'ethers';
import { WebSocket } from 'ws';
import { loadViem } from './clients-viem';
import { startTokenStack, stopTokenStack, transferToken } from './deploy-token';

jest.setTimeout(120_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';

interface Message {
  id?: number;
  result?: unknown;
  error?: { code: number; message: string };
  method?: string;
  params?: { subscription: string; result: unknown };
}

/** A raw websocket client that records every message in arrival order. */
class Socket {
  readonly messages: Message[] = [];
  private nextId = 1;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.messages.push(JSON.parse(data.toString('utf8')) as Message));
  }

  static async open(url: string): Promise<Socket> {
    const ws = new WebSocket(url);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Socket(ws);
  }

  async call<R>(
    method: string,
    params: unknown[],
  ): Promise<{ result?: R; error?: Message['error']; at: number }> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    let at = -1;
    await waitFor(() => Promise.resolve((at = this.messages.findIndex((m) => m.id === id)) >= 0), {
      what: `the reply to ${method}`,
    });
    const reply = this.messages[at]!;
    return { result: reply.result as R, ...(reply.error === undefined ? {} : { error: reply.error }), at };
  }

  /** Notifications of `subscription`, in order, with their position among all messages. */
  notifications(subscription: string): { result: unknown; at: number }[] {
    return this.messages
      .map((m, at) => ({ m, at }))
      .filter(({ m }) => m.method === 'eth_subscription' && m.params?.subscription === subscription)
      .map(({ m, at }) => ({ result: m.params!.result, at }));
  }

  close(): void {
    this.ws.close();
  }
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('websocket subscriptions, %s', (kind) => {
  let stack: PhotonStack;
  let provider: JsonRpcProvider;
  let token: Contract;

  beforeAll(async () => {
    ({ stack, provider, token } = await startTokenStack(kind, 7));
  });
  afterAll(() => stopTokenStack({ stack, provider }));

  const transfer = (amount: bigint): Promise<string> => transferToken(token, RECIPIENT, amount);

  it('default: newHeads gives each height once, in order, after the reply, with eth_getBlockByNumber’s hash', async () => {
    const socket = await Socket.open(stack.wsUrl);
    try {
      const subscribed = await socket.call<string>('eth_subscribe', ['newHeads']);
      expect(subscribed.result).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
      await waitFor(() => Promise.resolve(socket.notifications(subscribed.result!).length >= 5), {
        what: 'five heads',
      });
      const heads = socket.notifications(subscribed.result!);
      expect(heads.every(({ at }) => at > subscribed.at)).toBe(true);
      const numbers = heads.map(({ result }) => BigInt((result as { number: string }).number));
      numbers.forEach((number, index) => index > 0 && expect(number).toBe(numbers[index - 1]! + 1n));
      for (const { result } of heads.slice(0, 5)) {
        const header = result as { number: string; hash: string; transactions?: unknown };
        expect(header.transactions).toBeUndefined();
        const block = await rpc<{ hash: string }>(stack.httpUrl, 'eth_getBlockByNumber', [
          header.number,
          false,
        ]);
        expect(header.hash).toBe(block.result?.hash);
      }
      expect(await socket.call('eth_unsubscribe', [subscribed.result])).toMatchObject({ result: true });
      const after = socket.notifications(subscribed.result!).length;
      await waitFor(
        async () =>
          BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!) > numbers.at(-1)! + 3n,
        {
          what: 'three more blocks',
        },
      );
      expect(socket.notifications(subscribed.result!).length).toBe(after);
    } finally {
      socket.close();
    }
  });

  it('default: logs gives one notification per matching log, in chain order, as eth_getLogs has them', async () => {
    const socket = await Socket.open(stack.wsUrl);
    try {
      const address = (await token.getAddress()).toLowerCase();
      const topic = token.interface.getEvent('Transfer')!.topicHash;
      const all = await socket.call<string>('eth_subscribe', ['logs', { address, topics: [topic] }]);
      const other = await socket.call<string>('eth_subscribe', ['logs', { address: RECIPIENT }]);
      const from = BigInt((await rpc<string>(stack.httpUrl, 'eth_blockNumber')).result!) + 1n;
      const sent: string[] = [];
      for (let i = 0; i < 5; i++) sent.push(await transfer(10n + BigInt(i)));
      await waitFor(
        () =>
          Promise.resolve(
            sent.every((hash) =>
              socket
                .notifications(all.result!)
                .some(({ result }) => (result as { transactionHash: string }).transactionHash === hash),
            ),
          ),
        { what: 'the five Transfer logs' },
      );
      const logs = socket
        .notifications(all.result!)
        .map(({ result }) => result as { blockNumber: string; logIndex: string; removed: boolean });
      const to = logs.at(-1)!.blockNumber;
      const expected = await rpc<{ blockNumber: string; logIndex: string }[]>(stack.httpUrl, 'eth_getLogs', [
        { address, topics: [topic], fromBlock: `0x${from.toString(16)}`, toBlock: to },
      ]);
      const key = (log: { blockNumber: string; logIndex: string }) => `${log.blockNumber}:${log.logIndex}`;
      expect(logs.map(key)).toEqual(expected.result!.map(key));
      expect(logs.every((log) => log.removed === false)).toBe(true);
      expect(socket.notifications(other.result!)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('default: newPendingTransactions gives the hash of each tx the tier accepts', async () => {
    const socket = await Socket.open(stack.wsUrl);
    try {
      const subscribed = await socket.call<string>('eth_subscribe', ['newPendingTransactions']);
      const hash = await transfer(99n);
      await waitFor(
        () => Promise.resolve(socket.notifications(subscribed.result!).some(({ result }) => result === hash)),
        {
          what: 'the pending hash',
        },
      );
    } finally {
      socket.close();
    }
  });

  it('default: ethers WebSocketProvider sees consecutive blocks and contract events', async () => {
    const ws = new WebSocketProvider(stack.wsUrl, undefined, { staticNetwork: true });
    try {
      const blocks: number[] = [];
      await ws.on('block', (number: number) => blocks.push(number));
      const seen: string[] = [];
      const watched = token.connect(ws) as Contract;
      await watched.on(
        'Transfer',
        (_from: string, _to: string, _value: bigint, event: { log: { transactionHash: string } }) =>
          seen.push(event.log.transactionHash),
      );
      await waitFor(() => Promise.resolve(blocks.length >= 3), { what: 'three blocks' });
      const hash = await transfer(5n);
      await waitFor(() => Promise.resolve(seen.includes(hash)), { what: 'the Transfer event over WS' });
      blocks.forEach((number, index) => index > 0 && expect(number).toBe(blocks[index - 1]! + 1));
    } finally {
      await ws.destroy();
    }
  });

  it('default: viem watchBlocks over the websocket gets consecutive block numbers', async () => {
    const { createPublicClient, webSocket } = await loadViem();
    const client = createPublicClient({ transport: webSocket(stack.wsUrl) });
    const numbers: bigint[] = [];
    const unwatch = client.watchBlocks({ onBlock: (block) => numbers.push(block.number) });
    try {
      await waitFor(() => Promise.resolve(numbers.length >= 3), { what: 'three blocks through viem' });
      numbers.forEach((number, index) => index > 0 && expect(number).toBe(numbers[index - 1]! + 1n));
    } finally {
      unwatch();
      (await client.transport.getRpcClient()).close();
    }
  });

  it('error: geth’s answers over HTTP, for unknown kinds and unknown ids', async () => {
    expect((await rpc(stack.httpUrl, 'eth_subscribe', ['newHeads'])).error).toEqual({
      code: -32601,
      message: 'notifications not supported',
    });
    const socket = await Socket.open(stack.wsUrl);
    try {
      expect((await socket.call('eth_subscribe', ['foo'])).error).toEqual({
        code: -32601,
        message: 'no "foo" subscription in eth namespace',
      });
      expect((await socket.call('eth_unsubscribe', ['0x1234'])).error).toEqual({
        code: -32000,
        message: 'subscription not found',
      });
      expect((await socket.call('eth_subscribe', ['newHeads', {}])).error?.code).toBe(-32602);
    } finally {
      socket.close();
    }
  });
});

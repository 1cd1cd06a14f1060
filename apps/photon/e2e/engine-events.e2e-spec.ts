// The engine-event websocket `/websocket` on the gateway's ws port (issue 11 item 5): CometBFT's own
// `subscribe` protocol, so cosmjs' Comet38Client works unchanged, with every client of every gateway sharing
// one engine subscription per distinct query, held by the events leader and made again after a failover.
import { Comet38Client, type comet38, WebsocketClient } from '@cosmjs/tendermint-rpc';
import type { Devnet } from '@photon/devnet';
import {
  type ClusterStack,
  type PhotonProcess,
  type PhotonStack,
  type PhotonStackKind,
  addGateway,
  closeCosmjsWebsocket,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { type Contract, type JsonRpcProvider, getAddress } from 'ethers';
import { WebSocket } from 'ws';
import { expectContiguous } from './contiguous-heights';
import { startTokenStack, stopTokenStack, transferToken } from './deploy-token';
import { startTestDevnet } from './manual-devnet';

jest.setTimeout(180_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';
const TRANSFERS = 50;
const LEADING = 'photon events: this replica publishes the chain heads';
const HEADERS = "tm.event='NewBlockHeader'";
/** The same query as the events leader subscribes it at the engine: CometBFT's canonical form. */
const HEADERS_CANONICAL = "tm.event = 'NewBlockHeader'";

interface Frame {
  id?: number | string;
  result?: { query?: string; data?: { type: string; value: { header?: { height: string } } } };
  error?: { code: number; message: string; data?: string };
}

/** A raw CometBFT websocket client that records every frame in arrival order. */
class CometSocket {
  readonly frames: Frame[] = [];
  private nextId = 1;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.frames.push(JSON.parse(data.toString('utf8')) as Frame));
  }

  static async open(url: string, headers: Record<string, string> = {}): Promise<CometSocket> {
    const ws = new WebSocket(url, { headers });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new CometSocket(ws);
  }

  sendText(text: string): void {
    this.ws.send(text);
  }

  /** Sends a request and resolves with its reply (the first frame with its id that is not an event). */
  async call(method: string, params: unknown): Promise<Frame> {
    const id = this.nextId++;
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    let reply: Frame | undefined;
    await waitFor(
      () =>
        Promise.resolve(
          (reply = this.frames.find((f) => f.id === id && f.result?.query === undefined)) !== undefined,
        ),
      { what: `the reply to ${method}` },
    );
    return reply!;
  }

  /** Heights of the NewBlockHeader events that came on subscription `id`. */
  heights(id: number): bigint[] {
    return this.frames
      .filter((frame) => frame.id === id && frame.result?.data?.type === 'tendermint/event/NewBlockHeader')
      .map((frame) => BigInt(frame.result!.data!.value.header!.height));
  }

  close(): void {
    this.ws.close();
  }
}

/** The Ethereum hash of a Tx event (Ethermint's `ethereum_tx.ethereumTxHash`). */
function ethereumHashOf(event: comet38.TxEvent): string | undefined {
  const attribute = event.result.events
    .find((e) => e.type === 'ethereum_tx')
    ?.attributes.find((a) => a.key === 'ethereumTxHash');
  return attribute?.value.toLowerCase();
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('cosmjs on /websocket, %s', (kind) => {
  let stack: PhotonStack;
  let provider: JsonRpcProvider;
  let token: Contract;

  beforeAll(async () => {
    ({ stack, provider, token } = await startTokenStack(kind, 9));
  });
  afterAll(() => stopTokenStack({ stack, provider }));

  it('default: Comet38Client sees every transfer of a 50-tx run once, and every block header in order', async () => {
    const socket = new WebsocketClient(stack.wsUrl);
    const client = Comet38Client.create(socket);
    const contract = getAddress(await token.getAddress());
    const seen: string[] = [];
    const heights: number[] = [];
    const txs = client.subscribeTx(`ethereum.recipient='${contract}'`).subscribe({
      next: (event) => {
        const hash = ethereumHashOf(event);
        if (hash !== undefined) seen.push(hash);
      },
    });
    const headers = client
      .subscribeNewBlockHeader()
      .subscribe({ next: (header) => heights.push(header.height) });
    try {
      const transfer = (amount: bigint) => transferToken(token, RECIPIENT, amount);
      // The subscriptions are live once a first transfer comes through.
      await waitFor(
        async () => {
          const hash = await transfer(1n);
          await new Promise((resolve) => setTimeout(resolve, 300));
          return seen.includes(hash);
        },
        { what: 'a first transfer on the Tx subscription', timeoutMs: 60_000 },
      );
      const sent: string[] = [];
      for (let i = 0; i < TRANSFERS; i++) {
        sent.push(await transferToken(token, RECIPIENT, 2n + BigInt(i), false));
      }
      await waitFor(() => Promise.resolve(sent.every((hash) => seen.includes(hash))), {
        what: `${TRANSFERS} transfers on the Tx subscription`,
        timeoutMs: 90_000,
      });
      expect(seen.filter((hash) => sent.includes(hash))).toHaveLength(TRANSFERS);
      expect(new Set(seen).size).toBe(seen.length);
      expectContiguous(heights.map(BigInt), 3);
    } finally {
      txs.unsubscribe();
      headers.unsubscribe();
      closeCosmjsWebsocket(socket);
    }
  });
});

describe('the CometBFT subscribe protocol on /websocket (in-process)', () => {
  let stack: PhotonStack;
  let url: string;

  beforeAll(async () => {
    stack = await startPhotonStack('in-process', { extraArgs: ['--log-level', 'warn'] });
    url = `${stack.wsUrl}/websocket`;
  });
  afterAll(() => stack?.stop());

  it("default: subscribe answers {} and events carry the request's id and the query as written", async () => {
    const socket = await CometSocket.open(url);
    try {
      const written = "tm.event = 'NewBlockHeader'";
      expect(await socket.call('subscribe', { query: written })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: {},
      });
      await waitFor(() => Promise.resolve(socket.heights(1).length >= 3), { what: 'three headers' });
      expect(socket.frames.find((f) => f.id === 1 && f.result?.query !== undefined)!.result!.query).toBe(
        written,
      );
      expectContiguous(socket.heights(1), 3);
      // The positional form of CometBFT's params works too.
      expect(await socket.call('subscribe', ["tm.event='NewBlock'"])).toMatchObject({ id: 2, result: {} });
      expect(await socket.call('unsubscribe', { query: written })).toMatchObject({ id: 3, result: {} });
      expect(await socket.call('unsubscribe_all', {})).toMatchObject({ id: 4, result: {} });
      // Nothing arrives for an ended subscription after its reply.
      const replyAt = socket.frames.findIndex((f) => f.id === 4);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(socket.frames.slice(replyAt + 1)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it("error: CometBFT's answers to bad queries, duplicates, caps, unknown methods and unreadable frames", async () => {
    const socket = await CometSocket.open(url);
    const internal = (data: string) => ({ code: -32603, message: 'Internal error', data });
    try {
      expect((await socket.call('subscribe', { query: "tm.event='Tx' OR x='y'" })).error).toMatchObject({
        code: -32603,
        message: 'Internal error',
        data: expect.stringMatching(/^failed to parse query: /) as unknown,
      });
      expect((await socket.call('subscribe', { query: `a.b='${'x'.repeat(520)}'` })).error).toEqual(
        internal('maximum query length exceeded'),
      );
      const headerQuery = (n: number) => `tm.event='NewBlockHeader' AND q.n=${n}`;
      expect((await socket.call('subscribe', { query: headerQuery(0) })).result).toEqual({});
      // The same query written otherwise is the same subscription.
      expect(
        (await socket.call('subscribe', { query: "tm.event = 'NewBlockHeader' AND q.n = 0" })).error,
      ).toEqual(internal('already subscribed'));
      for (let n = 1; n < 5; n++) {
        expect((await socket.call('subscribe', { query: headerQuery(n) })).result).toEqual({});
      }
      // As on CometBFT, the cap is checked before the query is read.
      expect((await socket.call('subscribe', { query: headerQuery(0) })).error).toEqual(
        internal('max_subscriptions_per_client 5 reached'),
      );
      expect((await socket.call('unsubscribe', { query: "tm.event='Tx'" })).error).toEqual(
        internal('subscription not found'),
      );
      expect((await socket.call('unsubscribe_all', {})).result).toEqual({});
      expect((await socket.call('unsubscribe_all', {})).error).toEqual(internal('subscription not found'));
      expect((await socket.call('status', {})).error).toEqual({ code: -32601, message: 'Method not found' });
      socket.sendText('{"jsonrpc":"2.0","id":');
      await waitFor(() => Promise.resolve(socket.frames.some((f) => f.error?.code === -32700)), {
        what: 'the parse error',
      });
    } finally {
      socket.close();
    }
  });

  it('error: a browser origin outside --ws-origins gets 403, another path 404', async () => {
    const refused = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${stack.wsUrl}${path}`, { headers });
        ws.once('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          ws.terminate();
        });
        ws.once('open', () => {
          resolve(101);
          ws.close();
        });
        ws.once('error', () => undefined);
      });
    expect(await refused('/websocket', { origin: 'https://evil.example' })).toBe(403);
    expect(await refused('/websocket/x', {})).toBe(404);
    expect(await refused('/websocket', { origin: 'http://localhost:3000' })).toBe(101);
  });
});

/** One client address's share of the tier's engine queries in the cluster tests (default 10). */
const SHARE_ARGS = ['--engine-queries-per-client', '3'];

describe('one engine subscription per query for every client of every gateway (cluster)', () => {
  let devnet: Devnet;
  let stack: ClusterStack;
  let urls: string[];

  /** How many subscriptions of `query` the engine holds. */
  const atEngine = (query: string) => devnet.websocket.subscriptions().get(query) ?? 0;

  beforeAll(async () => {
    devnet = await startTestDevnet(200);
    stack = await startPhotonStack('cluster', {
      engineUrl: devnet.rpcUrl,
      eventsReplicas: 2,
      extraArgs: ['--log-level', 'warn', ...SHARE_ARGS],
    });
    const second = await addGateway(stack, ['--log-level', 'warn', ...SHARE_ARGS]);
    urls = [`${stack.wsUrl}/websocket`, `${second.wsUrl}/websocket`];
  });
  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
  });

  it('default: 20 clients on two gateways share one engine subscription, dropped when the last leaves', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, index) => CometSocket.open(urls[index % 2]!)),
    );
    try {
      // Written differently, the same query: CometBFT's canonical form makes them one.
      const spellings = [HEADERS, "tm.event = 'NewBlockHeader'"];
      await Promise.all(
        clients.map(async (client, index) =>
          expect(await client.call('subscribe', { query: spellings[index % 2] })).toMatchObject({
            result: {},
          }),
        ),
      );
      await waitFor(() => Promise.resolve(clients.every((client) => client.heights(1).length >= 3)), {
        what: 'three headers at every client',
      });
      for (const client of clients) expectContiguous(client.heights(1), 3);
      expect(atEngine(HEADERS_CANONICAL)).toBe(1);
      // The first gateway's clients leave: the second still follows the query.
      for (const client of clients.filter((_, index) => index % 2 === 0)) client.close();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(atEngine(HEADERS_CANONICAL)).toBe(1);
      for (const client of clients.filter((_, index) => index % 2 === 1)) client.close();
      await waitFor(() => Promise.resolve(atEngine(HEADERS_CANONICAL) === 0), {
        what: 'the engine subscription to end with its last client',
      });
    } finally {
      for (const client of clients) client.close();
    }
  });

  it('error: one client address spreading distinct queries over both gateways gets its share of the tier, not of each gateway', async () => {
    const query = (n: number) => `tm.event='NewBlockHeader' AND share.n=${n}`;
    const [onFirst, onSecond] = await Promise.all(urls.map((url) => CometSocket.open(url)));
    try {
      expect((await onFirst!.call('subscribe', { query: query(1) })).result).toEqual({});
      expect((await onFirst!.call('subscribe', { query: query(2) })).result).toEqual({});
      expect((await onSecond!.call('subscribe', { query: query(3) })).result).toEqual({});
      // The second gateway's clients follow one query of this address's three: its own count is under 3.
      expect((await onSecond!.call('subscribe', { query: query(4) })).error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: 'max_subscriptions_per_client 3 reached',
      });
      expect(atEngine(`tm.event = 'NewBlockHeader' AND share.n = 4`)).toBe(0);
      // Leaving one on the first gateway frees a share for the second.
      expect((await onFirst!.call('unsubscribe', { query: query(1) })).result).toEqual({});
      await waitFor(
        async () => (await onSecond!.call('subscribe', { query: query(4) })).result !== undefined,
        { what: 'the share freed on the first gateway to count on the second' },
      );
    } finally {
      onFirst!.close();
      onSecond!.close();
    }
  });

  it('behavior: killing the events leader re-establishes the query; its clients go on receiving', async () => {
    const client = await CometSocket.open(urls[1]!);
    try {
      // The previous test's sockets of this address closed just now: its share comes back once their
      // gateways' counts reach the leader (the share is counted over the tier, from what gateways announce).
      let subscribed: Frame | undefined;
      await waitFor(
        async () => (subscribed = await client.call('subscribe', { query: HEADERS })).result !== undefined,
        {
          what: "this address's share freed by the previous test's closed sockets",
        },
      );
      // Events carry the id of the subscribe that was accepted (refused ones came before it).
      const id = Number(subscribed!.id);
      let leader: PhotonProcess | undefined;
      await waitFor(
        () =>
          Promise.resolve(
            (leader = stack.processes.events.find((p) => p.output().includes(LEADING))) !== undefined,
          ),
        { what: 'an events leader' },
      );
      await waitFor(() => Promise.resolve(client.heights(id).length >= 2), {
        what: 'headers before the kill',
      });
      const standby = stack.processes.events.find((p) => p !== leader)!;
      leader!.child.kill('SIGKILL');
      const before = client.heights(id).length;
      await waitFor(() => Promise.resolve(standby.output().includes(LEADING)), {
        what: 'the standby to take over',
        timeoutMs: 15_000,
      });
      await waitFor(() => Promise.resolve(client.heights(id).length >= before + 5), {
        what: 'five headers after the takeover',
        timeoutMs: 20_000,
      });
      await waitFor(() => Promise.resolve(atEngine(HEADERS_CANONICAL) === 1), {
        what: 'one engine subscription again (the dead leader’s connection closed)',
      });
    } finally {
      client.close();
    }
  });
});

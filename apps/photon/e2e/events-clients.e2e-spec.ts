// Every client's event API against one run of 50 token transfers (issue 11, done-when), in-process and over
// NATS: ethers JsonRpcProvider contract events (polling filters), ethers WebSocketProvider contract events
// (logs subscription), viem watchContractEvent over HTTP (filters) and over the websocket (eth_subscribe),
// web3.js 4 `logs` and `newBlockHeaders` subscriptions. Each sees every Transfer exactly once, and the
// block subscriptions see every height once, in order.
import { PHOTON_TOKEN_ARTIFACT, type PhotonStack, type PhotonStackKind, waitFor } from '@photon/testing';
import { type Contract, type JsonRpcProvider, WebSocketProvider } from 'ethers';
import { Web3 } from 'web3';
import { loadViem } from './clients-viem';
import { startTokenStack, stopTokenStack, transferToken } from './deploy-token';

jest.setTimeout(180_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';
const TRANSFERS = 50;

describe.each<PhotonStackKind>(['in-process', 'cluster'])('event APIs of every client, %s', (kind) => {
  let stack: PhotonStack;
  let provider: JsonRpcProvider;
  let token: Contract;
  let address: string;

  beforeAll(async () => {
    ({ stack, provider, token } = await startTokenStack(kind, 8));
    address = (await token.getAddress()).toLowerCase();
  });
  afterAll(() => stopTokenStack({ stack, provider }));

  it('default: 50 transfers reach every watcher once; block subscriptions see every height once', async () => {
    const viem = await loadViem();
    const seen: Record<string, string[]> = {
      ethersHttp: [],
      ethersWs: [],
      viemHttp: [],
      viemWs: [],
      web3: [],
    };
    const web3Heads: bigint[] = [];
    const viemHeads: bigint[] = [];
    const abi = PHOTON_TOKEN_ARTIFACT.abi;

    // ethers over HTTP: contract events on polling filters.
    const onHttp = (_f: string, _t: string, _v: bigint, event: { log: { transactionHash: string } }) =>
      seen['ethersHttp']!.push(event.log.transactionHash);
    await token.on('Transfer', onHttp);
    // ethers over the websocket: a logs subscription.
    const ws = new WebSocketProvider(stack.wsUrl, undefined, { staticNetwork: true });
    const wsToken = token.connect(ws) as Contract;
    await wsToken.on(
      'Transfer',
      (_f: string, _t: string, _v: bigint, event: { log: { transactionHash: string } }) =>
        seen['ethersWs']!.push(event.log.transactionHash),
    );
    // viem over HTTP (filters) and over the websocket (eth_subscribe).
    const viemHttp = viem.createPublicClient({ transport: viem.http(stack.httpUrl) });
    const viemWs = viem.createPublicClient({ transport: viem.webSocket(stack.wsUrl) });
    const unwatch = [
      viemHttp.watchContractEvent({
        address: address as `0x${string}`,
        abi,
        eventName: 'Transfer',
        pollingInterval: 200,
        onLogs: (logs) => seen['viemHttp']!.push(...logs.map((log) => log.transactionHash)),
      }),
      viemWs.watchContractEvent({
        address: address as `0x${string}`,
        abi,
        eventName: 'Transfer',
        onLogs: (logs) => seen['viemWs']!.push(...logs.map((log) => log.transactionHash)),
      }),
      viemWs.watchBlockNumber({ onBlockNumber: (number) => viemHeads.push(number) }),
    ];
    // web3.js over the websocket: logs and newBlockHeaders subscriptions.
    const web3 = new Web3(stack.wsUrl);
    const topic = token.interface.getEvent('Transfer')!.topicHash;
    const logs = await web3.eth.subscribe('logs', { address, topics: [topic] });
    logs.on('data', (log) => {
      seen['web3']!.push(String(log.transactionHash));
    });
    const heads = await web3.eth.subscribe('newBlockHeaders');
    heads.on('data', (header) => {
      web3Heads.push(BigInt(header.number ?? -1));
    });

    try {
      // Watchers that poll install their filter on their first tick: a first transfer every watcher saw
      // marks the start; from then on every one must reach every watcher.
      const transfer = (amount: bigint) => transferToken(token, RECIPIENT, amount);
      await waitFor(
        async () => {
          const hash = await transfer(1n);
          await new Promise((resolve) => setTimeout(resolve, 600));
          return Object.values(seen).every((hashes) => hashes.includes(hash));
        },
        { what: 'every watcher to see a first transfer', timeoutMs: 60_000 },
      );
      const sent: string[] = [];
      for (let i = 0; i < TRANSFERS; i++) {
        sent.push(await transferToken(token, RECIPIENT, 2n + BigInt(i), false));
      }
      await waitFor(
        () =>
          Promise.resolve(Object.values(seen).every((hashes) => sent.every((hash) => hashes.includes(hash)))),
        { what: `${TRANSFERS} transfers at every watcher`, timeoutMs: 90_000 },
      );
      for (const [client, hashes] of Object.entries(seen)) {
        const ours = hashes.filter((hash) => sent.includes(hash));
        expect([client, ours.length]).toEqual([client, TRANSFERS]);
      }
      for (const numbers of [web3Heads, viemHeads]) {
        expect(numbers.length).toBeGreaterThan(3);
        numbers.forEach((number, index) => index > 0 && expect(number).toBe(numbers[index - 1]! + 1n));
      }
    } finally {
      await token.off('Transfer', onHttp);
      // ethers uninstalls its filter on a later tick and does not catch a cancel: let that call finish
      // before the provider is destroyed.
      await new Promise((resolve) => setImmediate(resolve));
      await provider.send('eth_blockNumber', []);
      for (const stop of unwatch) stop();
      await logs.unsubscribe().catch(() => undefined);
      await heads.unsubscribe().catch(() => undefined);
      web3.provider?.disconnect?.();
      (await viemWs.transport.getRpcClient()).close();
      await ws.destroy();
    }
  });
});

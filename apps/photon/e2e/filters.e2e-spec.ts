// Polling filters (issue 11 item 2) through the real listeners, in-process and over NATS with the cursors in
// Redis: block filters give every block hash once and in order, log filters every matching log once (ethers'
// contract events run on them), geth's answers for unknown, expired and wrong-kind filters, the caps per
// client, and — with two gateways and two events replicas — a filter created through one gateway and
// polled through the other alternately misses and repeats nothing.
import {
  type PhotonStack,
  type PhotonStackKind,
  addGateway,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { type Contract, JsonRpcProvider, type Log } from 'ethers';
import { deployToken, transferToken } from './deploy-token';

jest.setTimeout(120_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';
const FILTER_ID = /^0x[1-9a-f][0-9a-f]{0,31}$/;
const NOT_FOUND = { code: -32000, message: 'filter not found' };

interface RpcLog {
  blockNumber: string;
  logIndex: string;
  transactionHash: string;
  removed: boolean;
}

const logKey = (log: RpcLog) => `${log.blockNumber}:${log.logIndex}`;

describe.each<PhotonStackKind>(['in-process', 'cluster'])('polling filters, %s', (kind) => {
  let stack: PhotonStack;
  let secondGateway: string;
  let provider: JsonRpcProvider;
  let token: Contract;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, {
      eventsReplicas: 2,
      extraArgs: ['--log-level', 'warn', '--filter-cap-per-client', '12'],
    });
    secondGateway = stack.httpUrl;
    if (stack.kind === 'cluster') secondGateway = (await addGateway(stack, ['--log-level', 'warn'])).httpUrl;
    provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 200;
    token = await deployToken(provider, 4);
  });
  afterAll(async () => {
    provider?.destroy();
    await stack?.stop();
  });

  const call = <R>(method: string, params: unknown[] = [], url = stack.httpUrl) =>
    rpc<R>(url, method, params);

  it('default: a block filter gives each new block hash once, oldest first, as eth_getBlockByNumber has it', async () => {
    const id = (await call<string>('eth_newBlockFilter')).result!;
    expect(id).toMatch(FILTER_ID);
    const start = BigInt((await call<string>('eth_blockNumber')).result!);
    const hashes: string[] = [];
    await waitFor(
      async () => {
        const changes = await call<string[]>('eth_getFilterChanges', [id]);
        hashes.push(...changes.result!);
        return hashes.length >= 4;
      },
      { what: 'four new blocks through the filter', intervalMs: 150 },
    );
    const first = await call<{ number: string }>('eth_getBlockByHash', [hashes[0], false]);
    const firstHeight = BigInt(first.result!.number);
    expect(firstHeight).toBeGreaterThan(start - 1n);
    for (const [offset, hash] of hashes.entries()) {
      const block = await call<{ hash: string }>('eth_getBlockByNumber', [
        `0x${(firstHeight + BigInt(offset)).toString(16)}`,
        false,
      ]);
      expect(block.result?.hash).toBe(hash);
    }
    expect(await call('eth_uninstallFilter', [id])).toMatchObject({ result: true });
  });

  /** A token transfer from account 4, mined. */
  const transfer = (amount: bigint): Promise<string> => transferToken(token, RECIPIENT, amount);

  it('default: ethers contract events (eth_newFilter + eth_getFilterChanges) see every Transfer once', async () => {
    const seen: string[] = [];
    const listener = (_from: string, _to: string, _value: bigint, event: { log: Log }) => {
      seen.push(event.log.transactionHash);
    };
    await token.on('Transfer', listener);
    // ethers installs its filter as it starts polling: transfers before that are not its to see. Once it
    // saw one, every later transfer must reach it.
    await waitFor(async () => seen.includes(await transfer(1n)), {
      what: 'the listener to see a first Transfer',
      intervalMs: 100,
    });
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.push(await transfer(2n + BigInt(i)));
    await waitFor(() => Promise.resolve(sent.every((hash) => seen.includes(hash))), {
      what: 'the five Transfer events',
    });
    await token.off('Transfer', listener);
    expect(seen.filter((hash) => sent.includes(hash)).sort()).toEqual([...sent].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('behavior: a log filter polled alternately through two gateways misses and repeats nothing', async () => {
    const address = (await token.getAddress()).toLowerCase();
    const transferTopic = token.interface.getEvent('Transfer')!.topicHash;
    const id = (await call<string>('eth_newFilter', [{ address, topics: [transferTopic] }])).result!;
    expect(id).toMatch(FILTER_ID);
    const from = BigInt((await call<string>('eth_blockNumber')).result!) + 1n;
    const collected: RpcLog[] = [];
    let turn = 0;
    const poll = async () => {
      const url = turn++ % 2 === 0 ? stack.httpUrl : secondGateway;
      const changes = await call<RpcLog[]>('eth_getFilterChanges', [id], url);
      if (changes.error !== undefined) throw new Error(JSON.stringify(changes.error));
      collected.push(...changes.result!);
    };
    for (let i = 0; i < 12; i++) {
      await token.getFunction('transfer')(RECIPIENT, 100n + BigInt(i));
      await poll();
    }
    const last = await transfer(200n);
    const lastHeight = (await provider.getTransactionReceipt(last))!.blockNumber;
    const to = `0x${lastHeight.toString(16)}`;
    const expected = await call<RpcLog[]>('eth_getLogs', [
      { address, topics: [transferTopic], fromBlock: `0x${from.toString(16)}`, toBlock: to },
    ]);
    expect(expected.result).toHaveLength(13);
    const upTo = () => collected.filter((log) => BigInt(log.blockNumber) <= BigInt(lastHeight));
    await waitFor(
      async () => {
        await poll();
        return upTo().length >= 13;
      },
      { what: 'the filter to deliver the 13 transfers', intervalMs: 100 },
    );
    expect(upTo().map(logKey)).toEqual(expected.result!.map(logKey));
    expect(new Set(collected.map(logKey)).size).toBe(collected.length);
    expect(collected.every((log) => log.removed === false)).toBe(true);
    // eth_getFilterLogs answers the filter's criteria over its own range (latest..latest), as eth_getLogs.
    const logs = await call<RpcLog[]>('eth_getFilterLogs', [id], secondGateway);
    expect(Array.isArray(logs.result)).toBe(true);
    expect(await call('eth_uninstallFilter', [id], secondGateway)).toMatchObject({ result: true });
  });

  it('error: unknown, uninstalled and wrong-kind filters answer as geth does', async () => {
    const unknown = `0x${'ab'.repeat(16)}`;
    expect((await call('eth_getFilterChanges', [unknown])).error).toEqual(NOT_FOUND);
    expect((await call('eth_getFilterLogs', [unknown])).error).toEqual(NOT_FOUND);
    expect(await call('eth_uninstallFilter', [unknown])).toMatchObject({ result: false });
    const blocks = (await call<string>('eth_newBlockFilter')).result!;
    expect((await call('eth_getFilterLogs', [blocks])).error).toEqual(NOT_FOUND);
    expect(await call('eth_uninstallFilter', [blocks], secondGateway)).toMatchObject({ result: true });
    expect((await call('eth_getFilterChanges', [blocks])).error).toEqual(NOT_FOUND);
    expect(await call('eth_uninstallFilter', [blocks])).toMatchObject({ result: false });
    expect((await call('eth_newFilter', [{ fromBlock: '0x9', toBlock: '0x2' }])).error).toEqual({
      code: -32000,
      message: 'invalid from and to block combination',
    });
    expect((await call('eth_newFilter', [{ address: 'nope' }])).error?.code).toBe(-32602);
    expect(
      (await call<string[]>('eth_getFilterChanges', [(await call<string>('eth_newFilter', [{}])).result!]))
        .result,
    ).toEqual([]);
  });

  it('error: past --filter-cap-per-client a new filter is refused with a clear error', async () => {
    const ids: string[] = [];
    let refused: { code: number; message: string } | undefined;
    for (let i = 0; i < 13 && refused === undefined; i++) {
      const answer = await call<string>('eth_newBlockFilter');
      if (answer.error !== undefined) refused = answer.error;
      else ids.push(answer.result!);
    }
    expect(refused).toEqual({
      code: -32005,
      message:
        'error creating block filter: max limit reached: 12 live filters per client (--filter-cap-per-client)',
    });
    for (const id of ids) await call('eth_uninstallFilter', [id]);
    expect((await call<string>('eth_newBlockFilter')).result).toMatch(FILTER_ID);
  });
});

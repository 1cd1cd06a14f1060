// JSON-RPC batches through the gateway in both topologies (issue 12, item 4): over NATS the items one service
// owns travel as one bus message, yet the reply is what the same calls sent one by one would answer, in the
// batch's order, with each item's own error; ethers' own batching gets every answer right.
import {
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  rpcRaw,
  startPhotonStack,
} from '@photon/testing';
import { JsonRpcProvider } from 'ethers';

jest.setTimeout(90_000);

type Reply = { id: number; result?: unknown; error?: { code: number; message: string } };

describe.each<PhotonStackKind>(['in-process', 'cluster'])('batches through the %s tier', (kind) => {
  let stack: PhotonStack;

  beforeAll(async () => {
    stack = await startPhotonStack(kind, { extraArgs: ['--log-level', 'warn'] });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('default: a batch mixing services answers each item as alone, in order', async () => {
    const holder = devWallet(1).address;
    const calls: [string, unknown[]][] = [
      ['eth_getBalance', [holder, 'latest']],
      ['eth_accounts', []],
      ['eth_chainId', []],
      ['eth_getBalance', ['0xnot-an-address', 'latest']],
      ['eth_noSuchMethod', []],
      ['eth_getTransactionCount', [holder, 'latest']],
      ['web3_clientVersion', []],
    ];
    const body = calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: i + 1, method, params }));
    const reply = await rpcRaw(stack.httpUrl, JSON.stringify(body));
    expect(reply.status).toBe(200);
    const items = reply.json as Reply[];
    expect(items.map((item) => item.id)).toEqual(calls.map((_, i) => i + 1));
    const alone = await Promise.all(calls.map(([method, params]) => rpc(stack.httpUrl, method, params)));
    items.forEach((item, i) => {
      expect({ id: item.id, result: item.result, error: item.error }).toEqual({
        id: i + 1,
        result: alone[i]!.result,
        error: alone[i]!.error,
      });
    });
    expect(items[3]!.error?.code).toBe(-32602);
    expect(items[4]!.error?.code).toBe(-32601);
  });

  it('behavior: 100 reads in one batch all answer, and ethers batching its concurrent calls gets each right', async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => devWallet(i % 10).address);
    const body = addresses.map((address, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'eth_getBalance',
      params: [address, 'latest'],
    }));
    const items = (await rpcRaw(stack.httpUrl, JSON.stringify(body))).json as Reply[];
    expect(items).toHaveLength(100);
    for (const [i, item] of items.entries()) {
      expect(item.id).toBe(i);
      expect(item.result).toBe(items[i % 10]!.result);
    }

    const provider = new JsonRpcProvider(stack.httpUrl, undefined, {
      staticNetwork: true,
      batchMaxCount: 20,
    });
    try {
      const balances = await Promise.all(
        addresses.slice(0, 20).map((address) => provider.getBalance(address)),
      );
      expect(balances.map((balance) => `0x${balance.toString(16)}`)).toEqual(
        items.slice(0, 20).map((item) => item.result),
      );
    } finally {
      provider.destroy();
    }
  });
});

// The pending feed (issue 11 item 3) in-process and over NATS: a tx enters the feed when it enters the
// mempool — whether this tier accepted it or it reached the engine some other way (here: broadcast to the
// devnet directly, as a tx gossiped from another node would arrive) — not when it is mined. The devnet runs
// in the test process and produces no block unless told, so "pending" is exact.
import type { Devnet } from '@photon/devnet';
import {
  DevnetClient,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { type HDNodeWallet, keccak256 } from 'ethers';
import { WebSocket } from 'ws';
import { DEFAULT_CHAIN_ID, startTestDevnet } from './manual-devnet';

jest.setTimeout(120_000);

const RECIPIENT = '0x000000000000000000000000000000000000beef';

describe.each<PhotonStackKind>(['in-process', 'cluster'])('the pending feed, %s', (kind) => {
  let devnet: Devnet;
  let stack: PhotonStack;
  let gasPrice: bigint;
  const nonces = new Map<string, number>();

  beforeAll(async () => {
    devnet = await startTestDevnet();
    stack = await startPhotonStack(kind, { engineUrl: devnet.rpcUrl, extraArgs: ['--log-level', 'warn'] });
    gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result!);
  });
  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
  });

  /** A signed transfer from `wallet` with its next nonce. */
  async function signed(wallet: HDNodeWallet): Promise<string> {
    const nonce = nonces.get(wallet.address) ?? 0;
    nonces.set(wallet.address, nonce + 1);
    return wallet.signTransaction({
      type: 0,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce,
      gasLimit: 21_000n,
      gasPrice,
      to: RECIPIENT,
      value: 1n,
    });
  }

  /** Sends one tx through this tier and broadcasts one straight to the engine; their hashes. */
  async function sendBothWays(): Promise<{ accepted: string; gossiped: string }> {
    const accepted = (
      await rpc<string>(stack.httpUrl, 'eth_sendRawTransaction', [await signed(devWallet(2))])
    ).result!;
    const raw = await signed(devWallet(3));
    expect((await new DevnetClient(devnet.rpcUrl).broadcast(raw)).code).toBe(0);
    return { accepted, gossiped: keccak256(raw) };
  }

  it('default: a pending-tx filter gives the hashes of txs accepted here and of txs the engine got elsewhere', async () => {
    const id = (await rpc<string>(stack.httpUrl, 'eth_newPendingTransactionFilter')).result!;
    expect(id).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
    const { accepted, gossiped } = await sendBothWays();
    const collected: string[] = [];
    await waitFor(
      async () => {
        const changes = await rpc<string[]>(stack.httpUrl, 'eth_getFilterChanges', [id]);
        collected.push(...changes.result!);
        return collected.includes(accepted) && collected.includes(gossiped);
      },
      { what: 'both pending hashes through the filter', intervalMs: 200 },
    );
    expect(new Set(collected).size).toBe(collected.length);
    expect((await rpc(stack.httpUrl, 'eth_getFilterLogs', [id])).error).toEqual({
      code: -32000,
      message: 'filter not found',
    });
    expect(await rpc(stack.httpUrl, 'eth_uninstallFilter', [id])).toMatchObject({ result: true });
  });

  it('default: newPendingTransactions carries both kinds, as hashes and, with true, as transactions', async () => {
    const ws = new WebSocket(stack.wsUrl);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const notes: { subscription: string; result: unknown }[] = [];
    const replies = new Map<number, string>();
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        id?: number;
        result?: string;
        params?: { subscription: string; result: unknown };
      };
      if (message.params !== undefined) notes.push(message.params);
      else if (message.id !== undefined && message.result !== undefined)
        replies.set(message.id, message.result);
    });
    try {
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_subscribe',
          params: ['newPendingTransactions'],
        }),
      );
      ws.send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'eth_subscribe',
          params: ['newPendingTransactions', true],
        }),
      );
      await waitFor(() => Promise.resolve(replies.size === 2), { what: 'both subscriptions' });
      const { accepted, gossiped } = await sendBothWays();
      const hashesOf = (id: number) =>
        notes
          .filter((note) => note.subscription === replies.get(id))
          .map((note) =>
            typeof note.result === 'string' ? note.result : (note.result as { hash: string }).hash,
          );
      await waitFor(
        () =>
          Promise.resolve(
            [1, 2].every((id) => hashesOf(id).includes(accepted) && hashesOf(id).includes(gossiped)),
          ),
        { what: 'both pending txs on both subscriptions' },
      );
      const full = notes.find((note) => note.subscription === replies.get(2))!.result as { from?: string };
      expect(full.from).toMatch(/^0x[0-9a-f]{40}$/);
    } finally {
      ws.close();
    }
  });
});

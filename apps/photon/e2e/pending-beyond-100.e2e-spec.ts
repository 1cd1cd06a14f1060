// Pending state past CometBFT's 100-tx mempool listing (issue 10 item 8). The devnet runs in this process
// with an hour between blocks and produces one only when a test says, so what is pending is exact: 150
// txs from one sender are all counted by the pending nonce, found by hash and listed by txpool_*,
// in-process and over NATS with the record in Redis; once mined, the record is pruned.
import type { Devnet } from '@photon/devnet';
import { connectRedis } from '@photon/store';
import {
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  testRedisUrl,
  waitFor,
} from '@photon/testing';
import { type HDNodeWallet, JsonRpcProvider, getAddress } from 'ethers';
import { DEFAULT_CHAIN_ID, startTestDevnet } from './manual-devnet';

jest.setTimeout(180_000);

const PENDING = 150;
const RECIPIENT = '0x000000000000000000000000000000000000beef';
const quantity = (n: number): string => `0x${n.toString(16)}`;

interface PendingTx {
  nonce: string;
  blockHash: string | null;
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('pending state past 100 txs, %s', (kind) => {
  const chainId = DEFAULT_CHAIN_ID;
  const alice = devWallet(2);
  const bob = devWallet(3);
  const carol = devWallet(4);
  let devnet: Devnet;
  let stack: PhotonStack;
  let gasPrice: bigint;
  const aliceHashes: string[] = [];

  beforeAll(async () => {
    devnet = await startTestDevnet();
    stack = await startPhotonStack(kind, {
      engineUrl: devnet.rpcUrl,
      extraArgs: ['--log-level', 'warn', '--rpc-api', 'eth,net,web3,txpool'],
    });
    gasPrice = BigInt((await rpc<string>(stack.httpUrl, 'eth_gasPrice')).result ?? '0x0');
    aliceHashes.push(...(await sendRaw(alice, PENDING)));
  });
  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
  });

  /** `count` signed transfers from `wallet`, nonces from 0, each through eth_sendRawTransaction in order. */
  async function sendRaw(wallet: HDNodeWallet, count: number): Promise<string[]> {
    const hashes: string[] = [];
    for (let nonce = 0; nonce < count; nonce++) {
      const raw = await wallet.signTransaction({
        type: 0,
        chainId: chainId.eip155,
        nonce,
        gasLimit: 21_000n,
        gasPrice,
        to: RECIPIENT,
        value: 1n,
      });
      const answer = await rpc<string>(stack.httpUrl, 'eth_sendRawTransaction', [raw]);
      if (answer.result === undefined) throw new Error(`nonce ${nonce}: ${JSON.stringify(answer.error)}`);
      hashes.push(answer.result);
    }
    return hashes;
  }

  const nonceAt = async (address: string, block: string) =>
    (await rpc<string>(stack.httpUrl, 'eth_getTransactionCount', [address, block])).result;
  const txpoolStatus = async () =>
    (await rpc<{ pending: string; queued: string }>(stack.httpUrl, 'txpool_status')).result;

  /** Records of the tier in Redis (cluster), or undefined in-process where the record is memory. */
  async function recordsInRedis(): Promise<number | undefined> {
    if (stack.busPrefix === undefined) return undefined;
    const redis = await connectRedis(new URL(testRedisUrl()), { name: 'pending-beyond-100-e2e' });
    try {
      return await redis.zcard(`${stack.busPrefix}:accepted:arrival`);
    } finally {
      await redis.quit();
    }
  }

  it('default: the engine lists 100 of the 150; the tier answers for all of them', async () => {
    const listing = (await (await fetch(`${devnet.rpcUrl}/unconfirmed_txs?limit=1000`)).json()) as {
      result: { n_txs: string; total: string };
    };
    expect(listing.result).toMatchObject({ n_txs: '100', total: String(PENDING) });

    expect(await nonceAt(alice.address, 'pending')).toBe(quantity(PENDING));
    expect(await nonceAt(alice.address, 'latest')).toBe('0x0');
    for (const index of [0, 99, 100, 149]) {
      const tx = await rpc<PendingTx>(stack.httpUrl, 'eth_getTransactionByHash', [aliceHashes[index]]);
      expect(tx.result).toMatchObject({ nonce: quantity(index), blockHash: null });
    }
    expect(await txpoolStatus()).toEqual({ pending: quantity(PENDING), queued: '0x0' });
    const from = await rpc<{ pending: Record<string, unknown> }>(stack.httpUrl, 'txpool_contentFrom', [
      alice.address,
    ]);
    expect(Object.keys(from.result?.pending ?? {})).toHaveLength(PENDING);
    const content = await rpc<{ pending: Record<string, Record<string, unknown>> }>(
      stack.httpUrl,
      'txpool_content',
    );
    expect(Object.keys(content.result?.pending[getAddress(alice.address)] ?? {})).toHaveLength(PENDING);
    const recorded = await recordsInRedis();
    if (recorded !== undefined) expect(recorded).toBe(PENDING);
  });

  it('behavior: ethers sends the 151st with the pending nonce; once mined the record is pruned', async () => {
    const provider = new JsonRpcProvider(stack.httpUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
    try {
      const sent = await alice.connect(provider).sendTransaction({ to: RECIPIENT, value: 1n, gasPrice });
      expect(sent.nonce).toBe(PENDING);
    } finally {
      provider.destroy();
    }
    await devnet.produceNext();
    await waitFor(async () => (await nonceAt(alice.address, 'latest')) === quantity(PENDING + 1), {
      what: 'the block with alice’s 151 txs',
    });
    const mined = await rpc<PendingTx>(stack.httpUrl, 'eth_getTransactionByHash', [aliceHashes[149]]);
    expect(mined.result?.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await nonceAt(alice.address, 'pending')).toBe(quantity(PENDING + 1));
    // Every record's nonce is mined: reads (and the tx service's rebroadcast round) prune them.
    expect(await txpoolStatus()).toEqual({ pending: '0x0', queued: '0x0' });
    const recorded = await recordsInRedis();
    if (recorded !== undefined) expect(recorded).toBe(0);
  });

  it('behavior: past a partial listing, records whose nonce the chain passed are pruned, the rest count', async () => {
    // Carol's 10 are mined while no client reads the pool: the tx service's rebroadcast round (every second)
    // may prune their records before the reads below do.
    await sendRaw(carol, 10);
    await devnet.produceNext();
    await waitFor(async () => (await nonceAt(carol.address, 'latest')) === quantity(10), {
      what: 'the block with carol’s 10 txs',
    });
    const bobHashes = await sendRaw(bob, 120);
    if (stack.busPrefix !== undefined) expect(await recordsInRedis()).toBeGreaterThanOrEqual(120);
    // The engine lists 100 of bob's 120: the other 20 come from the record, carol's 10 are pruned.
    expect(await txpoolStatus()).toEqual({ pending: quantity(120), queued: '0x0' });
    if (stack.busPrefix !== undefined) expect(await recordsInRedis()).toBe(120);
    expect(await nonceAt(bob.address, 'pending')).toBe(quantity(120));
    const last = await rpc<PendingTx>(stack.httpUrl, 'eth_getTransactionByHash', [bobHashes[119]]);
    expect(last.result).toMatchObject({ nonce: quantity(119), blockHash: null });
    await devnet.produceNext();
    await waitFor(async () => (await txpoolStatus())?.pending === '0x0', { what: 'bob’s txs to be mined' });
    const recorded = await recordsInRedis();
    if (recorded !== undefined) expect(recorded).toBe(0);
  });
});

// Sending through the tier in both topologies (issue 5): ethers and viem put legacy and EIP-1559
// transactions through eth_sendRawTransaction and get receipts; refusals answer in geth's words
// (already known, unprotected, replacement underpriced, nonce too low, insufficient funds).
import { JetStreamPendingFeed, connectNats } from '@photon/bus';
import {
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  rpc,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { JsonRpcProvider, Wallet, type HDNodeWallet } from 'ethers';
import { type Viem, type ViemAccounts, loadViem, loadViemAccounts } from './clients-viem';

jest.setTimeout(90_000);

const CHAIN_ID = 9000n;
const RECIPIENT = '0x000000000000000000000000000000000000beef';

async function gasPrice(httpUrl: string): Promise<bigint> {
  return BigInt((await rpc<string>(httpUrl, 'eth_gasPrice')).result ?? '0x0');
}

async function sendRaw(httpUrl: string, raw: string) {
  return rpc<string>(httpUrl, 'eth_sendRawTransaction', [raw]);
}

/** A legacy EIP-155 transfer of `value` from `wallet`, signed with the given nonce and price. */
function legacyTransfer(wallet: HDNodeWallet | Wallet, nonce: number, price: bigint, value = 1n) {
  return wallet.signTransaction({
    type: 0,
    chainId: CHAIN_ID,
    nonce,
    gasLimit: 21_000n,
    gasPrice: price,
    to: RECIPIENT,
    value,
  });
}

describe.each<PhotonStackKind>(['in-process', 'cluster'])('sending through the %s tier', (kind) => {
  describe('with blocks every 200 ms', () => {
    let stack: PhotonStack;
    let provider: JsonRpcProvider;
    let viem: Viem;
    let accounts: ViemAccounts;

    beforeAll(async () => {
      stack = await startPhotonStack(kind, { extraArgs: ['--log-level', 'warn'] });
      // ethers answers an identical request from its own cache for 250 ms; with 200 ms blocks its second
      // send would reuse the first send's pending nonce, so the cache is off here (cacheTimeout -1).
      provider = new JsonRpcProvider(stack.httpUrl, undefined, {
        staticNetwork: true,
        pollingInterval: 200,
        cacheTimeout: -1,
      });
      viem = await loadViem();
      accounts = await loadViemAccounts();
    });
    afterAll(async () => {
      provider?.destroy();
      await stack?.stop();
    });

    it('default: an ethers Wallet sends legacy and EIP-1559 transfers and gets their receipts', async () => {
      const wallet = devWallet(1).connect(provider);
      const legacy = await wallet.sendTransaction({ type: 0, to: RECIPIENT, value: 1n });
      const legacyReceipt = await legacy.wait();
      expect(legacyReceipt?.status).toBe(1);
      expect(legacyReceipt?.hash).toBe(legacy.hash);
      const dynamic = await wallet.sendTransaction({ type: 2, to: RECIPIENT, value: 2n });
      const dynamicReceipt = await dynamic.wait();
      expect(dynamicReceipt?.status).toBe(1);
      expect(dynamicReceipt?.type).toBe(2);
    });

    it('default: a viem walletClient sends a transfer and gets its receipt', async () => {
      const chain = viem.defineChain({
        id: Number(CHAIN_ID),
        name: 'Photon devnet',
        nativeCurrency: { name: 'Photon', symbol: 'PHOTON', decimals: 18 },
        rpcUrls: { default: { http: [stack.httpUrl] } },
      });
      const account = accounts.privateKeyToAccount(devWallet(2).privateKey as `0x${string}`);
      const wallet = viem.createWalletClient({ account, chain, transport: viem.http(stack.httpUrl) });
      const client = viem.createPublicClient({ chain, transport: viem.http(stack.httpUrl) });
      const hash = await wallet.sendTransaction({ to: RECIPIENT, value: 3n });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 200 });
      expect(receipt.status).toBe('success');
      expect(receipt.transactionHash).toBe(hash);
    });

    it('error: a replay of a committed raw tx answers already known; an old nonce is too low', async () => {
      const wallet = devWallet(4);
      const raw = await legacyTransfer(wallet, 0, await gasPrice(stack.httpUrl));
      const hash = (await sendRaw(stack.httpUrl, raw)).result;
      expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
      await waitFor(
        async () => (await rpc(stack.httpUrl, 'eth_getTransactionReceipt', [hash])).result != null,
        { what: 'the receipt' },
      );
      expect((await sendRaw(stack.httpUrl, raw)).error).toEqual({ code: -32000, message: 'already known' });
      const stale = await legacyTransfer(wallet, 0, (await gasPrice(stack.httpUrl)) * 2n, 5n);
      expect((await sendRaw(stack.httpUrl, stale)).error).toEqual({
        code: -32000,
        message: 'nonce too low: next nonce 1, tx nonce 0',
      });
    });

    if (kind === 'cluster') {
      it('behavior: every accepted hash enters the pending feed', async () => {
        if (stack.kind !== 'cluster') throw new Error('cluster only');
        const nats = await connectNats(stack.natsUrl, 'tx-send-spec');
        const feed = new JetStreamPendingFeed(nats, stack.busPrefix);
        const seen: string[] = [];
        const unsubscribe = await feed.follow((hash) => seen.push(hash));
        await nats.flush();
        try {
          const raw = await legacyTransfer(devWallet(5), 0, await gasPrice(stack.httpUrl));
          const hash = (await sendRaw(stack.httpUrl, raw)).result;
          await waitFor(() => Promise.resolve(seen.includes(hash ?? '')), {
            what: 'the hash in the pending feed',
          });
        } finally {
          unsubscribe();
          await nats.close();
        }
      });
    }
  });

  describe('with a block every 30 s (transactions stay pending)', () => {
    let stack: PhotonStack;

    beforeAll(async () => {
      stack = await startPhotonStack(kind, {
        extraArgs: ['--log-level', 'warn', '--rpc-api', 'eth,net,web3,personal'],
        devnetArgs: ['--block-time', '30s'],
      });
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it('error: a pending replay is already known; a replacement needs a 10 % bump', async () => {
      const wallet = devWallet(3);
      const price = await gasPrice(stack.httpUrl);
      const first = await legacyTransfer(wallet, 0, price);
      expect((await sendRaw(stack.httpUrl, first)).result).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await sendRaw(stack.httpUrl, first)).error).toEqual({ code: -32000, message: 'already known' });

      const small = await legacyTransfer(wallet, 0, (price * 105n) / 100n, 2n);
      expect((await sendRaw(stack.httpUrl, small)).error).toEqual({
        code: -32000,
        message: 'replacement transaction underpriced',
      });
      const enough = await legacyTransfer(wallet, 0, (price * 110n) / 100n, 2n);
      expect((await sendRaw(stack.httpUrl, enough)).result).toMatch(/^0x[0-9a-f]{64}$/);
    });

    it('behavior: eth_sendTransaction with an explicit nonce replaces the caller’s own pending tx', async () => {
      const wallet = devWallet(7);
      const from = (
        await rpc<string>(stack.httpUrl, 'personal_importRawKey', [wallet.privateKey.slice(2), 'pw'])
      ).result;
      expect(from).toBe(wallet.address.toLowerCase());
      expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [from, 'pw', 60])).result).toBe(true);
      const price = await gasPrice(stack.httpUrl);
      const send = (value: bigint, gasPriceWei: bigint) =>
        rpc<string>(stack.httpUrl, 'eth_sendTransaction', [
          {
            from,
            to: RECIPIENT,
            value: `0x${value.toString(16)}`,
            nonce: '0x0',
            gasPrice: `0x${gasPriceWei.toString(16)}`,
          },
        ]);
      const first = (await send(1n, price)).result;
      const replacement = (await send(2n, (price * 110n) / 100n)).result;
      expect(first).toMatch(/^0x[0-9a-f]{64}$/);
      expect(replacement).toMatch(/^0x[0-9a-f]{64}$/);
      expect(replacement).not.toBe(first);
      const pending = await rpc<{ nonce: string; value: string; blockHash: string | null }>(
        stack.httpUrl,
        'eth_getTransactionByHash',
        [replacement],
      );
      expect(pending.result).toMatchObject({ nonce: '0x0', value: '0x2', blockHash: null });
      expect((await rpc(stack.httpUrl, 'eth_getTransactionByHash', [first])).result).toBeNull();
    });

    it('error: an unprotected (pre-EIP-155) transaction is refused', async () => {
      const raw = await devWallet(6).signTransaction({
        type: 0,
        nonce: 0,
        gasLimit: 21_000n,
        gasPrice: await gasPrice(stack.httpUrl),
        to: RECIPIENT,
        value: 1n,
      });
      expect((await sendRaw(stack.httpUrl, raw)).error).toEqual({
        code: -32000,
        message: 'only replay-protected (EIP-155) transactions allowed over RPC',
      });
    });

    it('error: a sender without the funds gets geth wording', async () => {
      const price = await gasPrice(stack.httpUrl);
      const raw = await legacyTransfer(Wallet.createRandom(), 0, price);
      const cost = 21_000n * price + 1n;
      expect((await sendRaw(stack.httpUrl, raw)).error).toEqual({
        code: -32000,
        message: `insufficient funds for gas * price + value: balance 0, tx cost ${cost}, overshot ${cost}`,
      });
    });

    it('error: a wrong chain id, too little gas and a fee over the cap are refused before the engine', async () => {
      const price = await gasPrice(stack.httpUrl);
      const wallet = devWallet(7);
      const base = { type: 0, nonce: 0, to: RECIPIENT, value: 1n } as const;
      const otherChain = await wallet.signTransaction({
        ...base,
        chainId: 1n,
        gasLimit: 21_000n,
        gasPrice: price,
      });
      expect((await sendRaw(stack.httpUrl, otherChain)).error?.message).toBe(
        'invalid chain id for signer: have 1 want 9000',
      );
      const starved = await wallet.signTransaction({
        ...base,
        chainId: CHAIN_ID,
        gasLimit: 20_000n,
        gasPrice: price,
      });
      expect((await sendRaw(stack.httpUrl, starved)).error?.message).toBe(
        'intrinsic gas too low: gas 20000, minimum needed 21000',
      );
      const costly = await wallet.signTransaction({
        ...base,
        chainId: CHAIN_ID,
        gasLimit: 1_000_000n,
        gasPrice: 2n * 10n ** 12n,
      });
      expect((await sendRaw(stack.httpUrl, costly)).error?.message).toBe(
        'tx fee (2.00 ether) exceeds the configured cap (1.00 ether)',
      );
    });
  });
});

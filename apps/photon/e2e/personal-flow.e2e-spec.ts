// web3.js's personal flow through `photon start` with the personal namespace on (issue 5): a new
// account, funded over eth_sendRawTransaction, sends once unlocked, is refused once locked or after its
// unlock expires, and personal_sendTransaction takes only the right passphrase. The tx service fills
// what the caller leaves out and publishes every accepted hash on the bus.
import { PendingFeed } from '@photon/bus';
import { devWallet, waitFor } from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Web3 } from 'web3';
import { type TestTier, call, post, startTestTier } from './in-process-app';

jest.setTimeout(60_000);

const PASSPHRASE = 'correct horse battery staple';
const RECIPIENT = '0x000000000000000000000000000000000000c0de';
const ONE_PHOTON = 10n ** 18n;

/** The rejection of `promise` as text (web3.js nests the JSON-RPC error); fails when it resolves. */
async function refusal(send: () => Promise<unknown>): Promise<string> {
  try {
    await send();
  } catch (error) {
    const nested =
      (error as { cause?: unknown; innerError?: unknown }).cause ??
      (error as { innerError?: unknown }).innerError;
    return `${error instanceof Error ? error.message : String(error)} ${JSON.stringify(nested ?? null)}`;
  }
  throw new Error('expected a refusal');
}

describe('personal flow with web3.js', () => {
  let keystoreDir: string;
  let tier: TestTier;
  let web3: Web3;
  let account: string;
  const published: string[] = [];
  let unsubscribe: () => void = () => undefined;

  const rpc = async (method: string, params: unknown[] = []) =>
    (await post(tier.httpUrl, call(method, params))).json as {
      result?: unknown;
      error?: { code: number; message: string };
    };
  const receiptOf = async (hash: string) => {
    await waitFor(async () => (await web3.eth.getTransactionReceipt(hash).catch(() => null)) != null, {
      what: `the receipt of ${hash}`,
    });
    return web3.eth.getTransactionReceipt(hash);
  };

  beforeAll(async () => {
    keystoreDir = await mkdtemp(join(tmpdir(), 'photon-personal-'));
    tier = await startTestTier([
      '--keystore-dir',
      keystoreDir,
      '--lightkdf',
      '--rpc-api',
      'eth,net,web3,personal',
      '--block-time',
      '200ms',
    ]);
    unsubscribe = await tier.app.get(PendingFeed).follow((hash) => published.push(hash));
    web3 = new Web3(tier.httpUrl);
    web3.transactionPollingInterval = 200;
  });
  afterAll(async () => {
    unsubscribe();
    await tier?.close();
    await rm(keystoreDir, { recursive: true, force: true });
  });

  it('default: a new account, funded over eth_sendRawTransaction, sends once unlocked', async () => {
    account = await web3.eth.personal.newAccount(PASSPHRASE);
    const provider = new JsonRpcProvider(tier.httpUrl, undefined, {
      staticNetwork: true,
      pollingInterval: 200,
    });
    try {
      const funding = await devWallet(8)
        .connect(provider)
        .sendTransaction({ to: account, value: ONE_PHOTON });
      expect((await funding.wait())?.status).toBe(1);
      expect(published).toContain(funding.hash);
    } finally {
      provider.destroy();
    }
    expect(await web3.eth.personal.unlockAccount(account, PASSPHRASE, 300)).toBe(true);
    const receipt = await web3.eth.sendTransaction({ from: account, to: RECIPIENT, value: 1000n });
    expect(receipt.status).toBe(1n);
    expect(receipt.from.toLowerCase()).toBe(account.toLowerCase());
    expect(published).toContain(receipt.transactionHash);
  });

  it('default: eth_sendTransaction fills gas 90,000, the pending nonce, fees and the chain id', async () => {
    const first = await rpc('eth_sendTransaction', [{ from: account, to: RECIPIENT, value: '0x1' }]);
    const second = await rpc('eth_sendTransaction', [
      { from: account, to: RECIPIENT, value: '0x2', gasLimit: '0x5208' },
    ]);
    expect(first.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    const [a, b] = await Promise.all([
      web3.eth.getTransaction(first.result as string),
      web3.eth.getTransaction(second.result as string),
    ]);
    expect(a.gas).toBe(90_000n);
    expect(b.gas).toBe(21_000n);
    expect(BigInt(b.nonce)).toBe(BigInt(a.nonce) + 1n);
    expect(a.chainId).toBe(9000n);
    expect(a.type).toBe(2n);
    await receiptOf(second.result as string);
  });

  it('error: a locked account is refused; an unlock of 1 s expires', async () => {
    await web3.eth.personal.lockAccount(account);
    expect(
      await refusal(async () => await web3.eth.sendTransaction({ from: account, to: RECIPIENT, value: 1n })),
    ).toMatch(/authentication needed: password or unlock/);
    expect(await web3.eth.personal.unlockAccount(account, PASSPHRASE, 1)).toBe(true);
    await waitFor(
      async () =>
        (await rpc('eth_sign', [account, '0x00'])).error?.message ===
        'authentication needed: password or unlock',
      { what: 'the 1 s unlock to expire', timeoutMs: 5_000 },
    );
    expect(
      (await rpc('eth_sendTransaction', [{ from: account, to: RECIPIENT, value: '0x1' }])).error,
    ).toEqual({ code: -32000, message: 'authentication needed: password or unlock' });
  });

  it('error: personal_sendTransaction refuses a wrong passphrase and sends with the right one', async () => {
    const tx = { from: account, to: RECIPIENT, value: '0x3' };
    expect(await refusal(() => web3.eth.personal.sendTransaction(tx, 'wrong'))).toMatch(
      /could not decrypt key with given password/,
    );
    const hash = await web3.eth.personal.sendTransaction(tx, PASSPHRASE);
    expect((await receiptOf(hash)).status).toBe(1n);
    // It unlocked nothing.
    expect((await rpc('eth_sign', [account, '0x00'])).error?.message).toBe(
      'authentication needed: password or unlock',
    );
  });
});

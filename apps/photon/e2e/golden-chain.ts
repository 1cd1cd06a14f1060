// The chain the golden files are recorded from and replayed against: a devnet with a fixed genesis
// time whose blocks the builder makes one by one with fixed, pre-signed txs, so every hash, receipt
// and log is the same on every run. It waits for each head by condition, never by time.
import { PHOTON_TOKEN_ARTIFACT, devWallet, rpcResult, waitFor } from '@photon/testing';
import { ContractFactory, Interface, Transaction, type TransactionRequest, getCreateAddress } from 'ethers';
import type { TestDevnetOptions, TestTier } from './in-process-app';

/** 2024-01-01T00:00:00Z: the genesis every golden run starts from. */
export const GOLDEN_DEVNET: TestDevnetOptions = { genesisTimeMs: Date.UTC(2024, 0, 1), manualBlocks: true };
/** The step between block times, hence each block's timestamp. */
export const GOLDEN_BLOCK_TIME = '2s';
const CHAIN_ID = 9000n;
const GWEI = 1_000_000_000n;
const PHOTON = 10n ** 18n;

const token = new Interface(PHOTON_TOKEN_ARTIFACT.abi);
const dev = (index: number) => devWallet(index);
const address = (index: number) => dev(index).address;

/** A signed tx with what a case needs to name it. */
export interface SignedTx {
  readonly raw: string;
  readonly hash: string;
}

async function sign(account: number, request: TransactionRequest): Promise<SignedTx> {
  const raw = await dev(account).signTransaction({ chainId: CHAIN_ID, ...request });
  return { raw, hash: Transaction.from(raw).hash! };
}

const fees1559 = { type: 2, maxFeePerGas: 100n * GWEI, maxPriorityFeePerGas: GWEI } as const;

/** What the recorder's cases refer to; every value is the same on every run. */
export interface GoldenChain {
  /** The last mined height (the pending tx is in no block). */
  readonly head: number;
  /** Block hashes by height, 1 to head (index 0 is unused: CometBFT has no block 0). */
  readonly blockHashes: readonly string[];
  readonly token: string;
  readonly txs: {
    readonly deploy: SignedTx;
    readonly legacyTransfer: SignedTx;
    readonly tokenTransfer: SignedTx;
    readonly accessListTransfer: SignedTx;
    readonly failedTransfer: SignedTx;
    readonly pending: SignedTx;
  };
  /** Blocks by height holding each tx (for the cases' comments and lookups). */
  readonly blockOf: Readonly<Record<keyof GoldenChain['txs'], number | null>>;
  readonly address: (index: number) => string;
}

/** Builds the golden chain on a tier started with GOLDEN_DEVNET: block 1 exists already. */
export async function buildGoldenChain(tier: TestTier): Promise<GoldenChain> {
  const { httpUrl: url, devnet } = tier;
  if (devnet === undefined) throw new Error('the golden chain needs the tier to run its own devnet');
  const deployData = (
    await new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode).getDeployTransaction(
      'Photon',
      'PHO',
      1_000_000n * PHOTON,
    )
  ).data;
  const tokenAddress = getCreateAddress({ from: address(0), nonce: 0 });
  const txs = {
    deploy: await sign(0, { ...fees1559, nonce: 0, data: deployData, gasLimit: 1_500_000n }),
    legacyTransfer: await sign(1, {
      type: 0,
      nonce: 0,
      to: address(2),
      value: PHOTON,
      gasPrice: 100n * GWEI,
      gasLimit: 21_000n,
    }),
    tokenTransfer: await sign(0, {
      ...fees1559,
      nonce: 1,
      to: tokenAddress,
      data: token.encodeFunctionData('transfer', [address(3), 1_000n * PHOTON]),
      gasLimit: 100_000n,
    }),
    accessListTransfer: await sign(1, {
      type: 1,
      nonce: 1,
      to: address(2),
      value: 2n * PHOTON,
      gasPrice: 100n * GWEI,
      gasLimit: 30_000n,
      accessList: [{ address: tokenAddress, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    }),
    // More than dev 3 holds: mined, and reverted (receipt status 0x0).
    failedTransfer: await sign(3, {
      ...fees1559,
      nonce: 0,
      to: tokenAddress,
      data: token.encodeFunctionData('transfer', [address(4), 5_000n * PHOTON]),
      gasLimit: 100_000n,
    }),
    pending: await sign(2, { ...fees1559, nonce: 0, to: address(5), value: 3n * PHOTON, gasLimit: 21_000n }),
  };

  await waitForHead(url, 1);
  // Followed by the builder, so each head is known to the events service before the next step.
  const blockFilter = await rpcResult<string>(url, 'eth_newBlockFilter');
  const seenBlocks = new Set<string>();
  /** Sends `sent` in order, makes block `height` and checks it holds `included`, in that order. */
  const mine = async (height: number, sent: readonly SignedTx[], included = sent) => {
    for (const tx of sent) await rpcResult(url, 'eth_sendRawTransaction', [tx.raw]);
    await devnet.produceNext();
    await waitForHead(url, height);
    const { hash, transactions } = await rpcResult<{ hash: string; transactions: string[] }>(
      url,
      'eth_getBlockByNumber',
      [`0x${height.toString(16)}`, false],
    );
    if (transactions.join() !== included.map((tx) => tx.hash).join())
      throw new Error(
        `block ${height} holds ${transactions.join()}, not ${included.map((tx) => tx.hash).join()}`,
      );
    await waitFor(
      async () => {
        for (const seen of await rpcResult<string[]>(url, 'eth_getFilterChanges', [blockFilter]))
          seenBlocks.add(seen);
        return seenBlocks.has(hash);
      },
      { what: `the events service to see block ${height}` },
    );
  };
  // A block takes its txs by effective tip, as Ethermint's priority mempool orders them: the transfers at a
  // 100 gwei gas price (a ~99 gwei tip over the ~0.9 gwei base fee) go before the EIP-1559 txs sent ahead of
  // them (1 gwei tip).
  await mine(2, [txs.deploy, txs.legacyTransfer], [txs.legacyTransfer, txs.deploy]);
  await mine(3, [txs.tokenTransfer, txs.accessListTransfer], [txs.accessListTransfer, txs.tokenTransfer]);
  await mine(4, [txs.failedTransfer]);
  await mine(5, []);
  await rpcResult(url, 'eth_uninstallFilter', [blockFilter]);

  // One tx left in the mempool, seen by the pending feed before any case runs.
  const pendingFilter = await rpcResult<string>(url, 'eth_newPendingTransactionFilter');
  await rpcResult(url, 'eth_sendRawTransaction', [txs.pending.raw]);
  await waitFor(
    async () =>
      (await rpcResult<string[]>(url, 'eth_getFilterChanges', [pendingFilter])).includes(txs.pending.hash),
    { what: 'the pending feed to see the pending tx' },
  );
  await rpcResult(url, 'eth_uninstallFilter', [pendingFilter]);

  const head = 5;
  const blockHashes: string[] = [''];
  for (let height = 1; height <= head; height++) {
    const block = await rpcResult<{ hash: string }>(url, 'eth_getBlockByNumber', [
      `0x${height.toString(16)}`,
      false,
    ]);
    blockHashes.push(block.hash);
  }
  return {
    head,
    blockHashes,
    token: tokenAddress,
    txs,
    blockOf: {
      deploy: 2,
      legacyTransfer: 2,
      tokenTransfer: 3,
      accessListTransfer: 3,
      failedTransfer: 4,
      pending: null,
    },
    address,
  };
}

/** Resolves once the tier answers `height` for eth_blockNumber and for the latest block. */
async function waitForHead(url: string, height: number): Promise<void> {
  const quantity = `0x${height.toString(16)}`;
  await waitFor(
    async () =>
      (await rpcResult<string>(url, 'eth_blockNumber')) === quantity &&
      (await rpcResult<{ number: string }>(url, 'eth_getBlockByNumber', ['latest', false])).number ===
        quantity,
    { what: `the tier to serve head ${height}` },
  );
}

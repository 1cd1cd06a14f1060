// The tx journal of `photon start` (kept in memory) round by round: the tier runs in this process against a
// devnet whose blocks the test makes, and the test runs the rebroadcast rounds itself (the timer is stopped),
// so each rule shows without a race: a restart's lost txs go again, the next nonce sent after a restart
// brings the lost ones back before it, a tx another one replaced while the engine was down is dropped as
// replaced, and one the engine keeps refusing is dropped after the tries.
import { Devnet } from '@photon/devnet';
import { DevnetClient, devWallet, freePort, rpc } from '@photon/testing';
import { TxJournalStats, TxRebroadcaster } from '@photon/tx';
import { type HDNodeWallet, Wallet, parseEther } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestTier, startTestTier } from './in-process-app';
import { AN_HOUR_MS, DEFAULT_CHAIN_ID } from './manual-devnet';

jest.setTimeout(60_000);

const RECIPIENT = '0x000000000000000000000000000000000000c0de';

describe(TxRebroadcaster.name, () => {
  let dirs: string[] = [];
  let port: number;
  let devnet: Devnet | undefined;
  let tier: TestTier | undefined;
  let rebroadcaster: TxRebroadcaster;
  let stats: TxJournalStats;
  let gasPrice: bigint;

  /** A devnet on `dir` at the test's port whose blocks come only from produceNext(). */
  async function startDevnet(dir: string): Promise<Devnet> {
    devnet = await Devnet.start({
      chainId: DEFAULT_CHAIN_ID.cosmos,
      eip155ChainId: DEFAULT_CHAIN_ID.eip155,
      host: '127.0.0.1',
      port,
      blockTimeMs: AN_HOUR_MS,
      allowUnprotectedTxs: false,
      dataDir: dir,
      manualBlocks: true,
    });
    return devnet;
  }

  async function newDir(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'photon-tx-rebroadcast-'));
    dirs.push(dir);
    return dir;
  }

  /** What a kill -9 does to the engine's mempool: gone; the chain on `dir` stays. */
  async function restartOn(dir: string): Promise<Devnet> {
    await devnet?.stop();
    return startDevnet(dir);
  }

  beforeEach(async () => {
    port = await freePort();
    await startDevnet(await newDir());
    tier = await startTestTier([
      '--node',
      `tcp://127.0.0.1:${port}`,
      '--tx-rebroadcast-blocks',
      '1',
      '--tx-rebroadcast-tries',
      '2',
    ]);
    rebroadcaster = tier.app.get(TxRebroadcaster);
    stats = tier.app.get(TxJournalStats);
    // The test runs the rounds.
    await rebroadcaster.onModuleDestroy();
    gasPrice = BigInt((await rpc<string>(tier.httpUrl, 'eth_gasPrice')).result!) * 2n;
  });

  afterEach(async () => {
    await tier?.close();
    await devnet?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    dirs = [];
  });

  const transfer = (wallet: HDNodeWallet | Wallet, nonce: number, value: bigint) =>
    wallet.signTransaction({
      type: 0,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce,
      gasPrice,
      gasLimit: 21_000,
      to: RECIPIENT,
      value,
    });

  async function send(raw: string): Promise<string> {
    const answer = await rpc<string>(tier!.httpUrl, 'eth_sendRawTransaction', [raw]);
    expect(answer.error).toBeUndefined();
    return answer.result!;
  }

  const pendingNonce = async (address: string) =>
    Number((await rpc<string>(tier!.httpUrl, 'eth_getTransactionCount', [address, 'pending'])).result);

  const inMempool = async () =>
    Number((await new DevnetClient(devnet!.rpcUrl).call<{ total: string }>('num_unconfirmed_txs')).total);

  it('default: the txs a restart lost are counted by the pending nonce, sent again in nonce order and mined', async () => {
    const wallet = devWallet(1);
    const hashes = [];
    for (let nonce = 0; nonce < 3; nonce++) hashes.push(await send(await transfer(wallet, nonce, 1n)));
    await restartOn(dirs[0]!);
    expect(await inMempool()).toBe(0);
    expect(await pendingNonce(wallet.address)).toBe(3);

    await rebroadcaster.round();
    expect(await inMempool()).toBe(3);
    expect(stats.snapshot()).toMatchObject({ kept: 3, rebroadcast: 3 });
    await devnet!.produceNext();
    for (const hash of hashes)
      expect((await rpc(tier!.httpUrl, 'eth_getTransactionReceipt', [hash])).result).toMatchObject({
        status: '0x1',
      });
    await rebroadcaster.round();
    expect(stats.snapshot()).toMatchObject({
      rebroadcast: 3,
      dropped: { expired: 0, refused: 0, replaced: 0 },
    });
    expect(await pendingNonce(wallet.address)).toBe(3);
  });

  it('behavior: the next nonce after a restart is taken at once: the tier sends the kept txs before it first', async () => {
    const wallet = devWallet(4);
    const hashes = [await send(await transfer(wallet, 0, 1n)), await send(await transfer(wallet, 1, 1n))];
    await restartOn(dirs[0]!);
    expect(await inMempool()).toBe(0);
    // No rebroadcast round runs (the test holds them): only the send itself can fill the gap.
    hashes.push(await send(await transfer(wallet, 2, 1n)));
    expect(await inMempool()).toBe(3);
    // The two lost txs went again ahead of it (counted as sent again), the third is its own.
    expect(stats.snapshot()).toMatchObject({ rebroadcast: 2 });
    await devnet!.produceNext();
    for (const hash of hashes)
      expect((await rpc(tier!.httpUrl, 'eth_getTransactionReceipt', [hash])).result).toMatchObject({
        status: '0x1',
      });
    // A gap the tier holds no tx for is still refused in geth's words.
    const skipped = await rpc(tier!.httpUrl, 'eth_sendRawTransaction', [await transfer(wallet, 5, 1n)]);
    expect(skipped.error?.message).toBe('nonce too high: next nonce 3, tx nonce 5');
  });

  it('behavior: a kept tx whose nonce another tx took while the engine was down is dropped as replaced', async () => {
    const wallet = devWallet(2);
    await send(await transfer(wallet, 0, 1n));
    await restartOn(dirs[0]!);
    const other = await new DevnetClient(devnet!.rpcUrl).broadcast(await transfer(wallet, 0, 2n));
    expect(other.code).toBe(0);

    await rebroadcaster.round();
    expect(stats.snapshot()).toMatchObject({ rebroadcast: 0, dropped: { replaced: 1 } });
    expect(await inMempool()).toBe(1);
    expect(await pendingNonce(wallet.address)).toBe(1);
  });

  it('error: a kept tx the engine keeps refusing is dropped after --tx-rebroadcast-tries, N blocks apart', async () => {
    // Funded on the first chain, its transfer is accepted; the engine comes back on a new chain where it
    // has nothing, so the tx is refused for its funds at every try.
    const poor = Wallet.createRandom();
    const funding = await new DevnetClient(devnet!.rpcUrl).broadcast(await transfer(devWallet(3), 0, 0n));
    expect(funding.code).toBe(0);
    const fund = await devWallet(3).signTransaction({
      type: 0,
      chainId: DEFAULT_CHAIN_ID.eip155,
      nonce: 1,
      gasPrice,
      gasLimit: 21_000,
      to: poor.address,
      value: parseEther('1'),
    });
    expect((await new DevnetClient(devnet!.rpcUrl).broadcast(fund)).code).toBe(0);
    await devnet!.produceNext();
    await send(await transfer(poor, 0, parseEther('0.5')));
    await restartOn(await newDir());

    await rebroadcaster.round();
    expect(stats.snapshot()).toMatchObject({ rebroadcast: 0, dropped: { refused: 0 } });
    // The next try waits a block.
    await rebroadcaster.round();
    expect(stats.snapshot()).toMatchObject({ dropped: { refused: 0 } });
    await devnet!.produceNext();
    await rebroadcaster.round();
    expect(stats.snapshot()).toMatchObject({ rebroadcast: 0, dropped: { refused: 1 } });
    expect(await pendingNonce(poor.address)).toBe(0);
  });
});

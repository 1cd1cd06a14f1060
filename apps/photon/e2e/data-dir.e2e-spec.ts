// `photon devnet --data-dir` as a user runs it: a transfer, a kill -9, a restart on the same dir
// — the chain goes on from where it was, the transfer and the balance still there.
import { QueryBalanceRequest, QueryBalanceResponse, wrapEthereumTx } from '@photon/ethermint-wire';
import { type PhotonProcess, freePort, spawnPhoton, waitFor } from '@photon/testing';
import { Wallet, getBytes, keccak256 } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(90_000);

const MNEMONIC = 'test test test test test test test test test test test junk';
const RECIPIENT = '0x000000000000000000000000000000000000beef';

interface CometReply<T> {
  result?: T;
  error?: { data?: string };
}

async function comet<T>(url: string, method: string, params: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as CometReply<T>;
  if (body.result === undefined) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.result;
}

const latestHeight = async (url: string) =>
  Number(
    (await comet<{ sync_info: { latest_block_height: string } }>(url, 'status')).sync_info
      .latest_block_height,
  );

const blockHash = async (url: string, height: number) =>
  (await comet<{ block_id: { hash: string } }>(url, 'block', { height: String(height) })).block_id.hash;

async function balanceAt(url: string, height: number): Promise<string> {
  const data = Buffer.from(QueryBalanceRequest.encode({ address: RECIPIENT })).toString('hex');
  const { response } = await comet<{ response: { code: number; value: string } }>(url, 'abci_query', {
    path: '/ethermint.evm.v1.Query/Balance',
    data,
    height: String(height),
  });
  expect(response.code).toBe(0);
  return QueryBalanceResponse.decode(Buffer.from(response.value, 'base64')).balance;
}

describe('photon devnet --data-dir', () => {
  let dir: string;
  let devnet: PhotonProcess | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-cli-data-dir-'));
  });
  afterEach(async () => {
    await devnet?.stop();
    devnet = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  /** Starts `photon devnet` on `dir` and waits for its first block. */
  async function start(port: number): Promise<string> {
    const url = `http://127.0.0.1:${port}`;
    const args = ['devnet', '--data-dir', dir, '--devnet-laddr', `tcp://127.0.0.1:${port}`];
    const proc = spawnPhoton([...args, '--block-time', '100ms', '--quiet']);
    devnet = proc;
    await waitFor(
      async () => {
        if (proc.hasExited()) throw new Error(`photon devnet exited:\n${proc.output()}`);
        // Its start-up lines may come after the RPC first answers.
        return proc.output().includes('CometBFT RPC on') && (await latestHeight(url).catch(() => 0)) >= 1;
      },
      { what: 'the devnet to make a block', timeoutMs: 30_000, detail: () => proc.output() },
    );
    return url;
  }

  it('default: after kill -9 and a restart, blocks, the transfer and balances are kept', async () => {
    const port = await freePort();
    let url = await start(port);
    expect(devnet!.output()).toContain(`photon devnet: chain kept in ${dir} (a new chain;`);

    const signed = await Wallet.fromPhrase(MNEMONIC).signTransaction({
      to: RECIPIENT,
      value: 7n,
      gasLimit: 21_000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
      nonce: 0,
      chainId: 9000n,
      type: 2,
    });
    const tx = wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' });
    await comet(url, 'broadcast_tx_sync', { tx: Buffer.from(tx).toString('base64') });
    const ethHash = keccak256(getBytes(signed));
    const findTx = () =>
      comet<{ txs: { hash: string; height: string }[] }>(url, 'tx_search', {
        query: `ethereum_tx.ethereumTxHash='${ethHash}'`,
      });
    await waitFor(async () => (await findTx()).txs.length === 1, { what: 'the transfer to be included' });
    const included = (await findTx()).txs[0]!;
    const height = Number(included.height);
    const hash = await blockHash(url, height);

    // Let a few more blocks land, then kill -9 wherever the devnet happens to be.
    await waitFor(async () => (await latestHeight(url)) >= height + 3, { what: 'three more blocks' });
    devnet!.child.kill('SIGKILL');
    await devnet!.exited;
    const lastSeen = height + 3;

    url = await start(port);
    expect(devnet!.output()).toMatch(new RegExp(`chain kept in ${dir} \\(resumed at height \\d+`));
    const resumedAt = Number(/resumed at height (\d+)/.exec(devnet!.output())![1]);
    expect(resumedAt).toBeGreaterThanOrEqual(lastSeen);
    expect(await blockHash(url, height)).toBe(hash);
    // JSON-RPC POST carries []byte params as base64, as CometBFT's does.
    const byHash = await comet<{ height: string; index: number }>(url, 'tx', {
      hash: Buffer.from(included.hash, 'hex').toString('base64'),
    });
    expect(byHash).toMatchObject({ height: included.height, index: 0 });
    expect(await balanceAt(url, height - 1)).toBe('0');
    expect(await balanceAt(url, height)).toBe('7');
    await waitFor(async () => (await latestHeight(url)) > resumedAt, { what: 'a block after the restart' });
    expect(await balanceAt(url, await latestHeight(url))).toBe('7');
  });

  it('error: a data dir made for another chain id stops the start with one line', async () => {
    await start(await freePort());
    await devnet!.stop();
    const other = spawnPhoton(['devnet', '--data-dir', dir, '--chain-id', 'other_9000-1', '--quiet']);
    expect(await other.exited).toBe(1);
    expect(other.output().trim().split('\n')).toEqual([
      `photon: data dir ${join(dir, 'devnet')} holds chain photon_9000-1, not other_9000-1; use another --data-dir`,
    ]);
  });
});

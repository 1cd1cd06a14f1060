// Issue 23 item 9: a tx the tier acknowledged survives a `kill -9` of the engine. The devnet runs as its own
// process on a --data-dir (its mempool dies with it, as a CometBFT node's does); the tier reads it: a cluster
// (gateway, query, two tx replicas, events over real NATS and Redis, the journal in Redis) or `photon start
// --node` (the journal in memory). Each round sends a burst of signed transfers with sequential nonces, kills
// the devnet right after the acknowledgements while some of them are still in its mempool, restarts it on the
// same dir and port, and asserts that the pending nonce counts every acknowledged tx and that each of them
// gets a receipt.
import {
  type PhotonProcess,
  type PhotonStack,
  type PhotonStackKind,
  devWallet,
  freePort,
  metricsOf,
  rpc,
  spawnPhoton,
  startPhotonStack,
  waitFor,
  waitForDevnet,
} from '@photon/testing';
import { Transaction } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(240_000);

const BURST = 12;
const RECIPIENT = '0x000000000000000000000000000000000000c0de';

interface Round {
  lost: number;
  pendingAfterRestart: number;
  pendingAtEnd: number;
  expected: number;
}

describe.each<[PhotonStackKind, number, number]>([
  // kind, rounds, dev account sending
  ['cluster', 3, 7],
  ['in-process', 2, 8],
])('acknowledged txs across an engine kill -9 (%s)', (kind, rounds, account) => {
  const sender = devWallet(account);
  let dir: string;
  let port: number;
  let devnet: PhotonProcess | undefined;
  let stack: PhotonStack | undefined;

  afterAll(async () => {
    await stack?.stop();
    await devnet?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  /** `photon devnet` on `dir` at `port`: slow blocks, so a burst is still in the mempool when it dies. */
  async function startDevnet(): Promise<string> {
    const url = `http://127.0.0.1:${port}`;
    devnet = spawnPhoton([
      'devnet',
      '--data-dir',
      dir,
      '--devnet-laddr',
      `tcp://127.0.0.1:${port}`,
      '--block-time',
      '1500ms',
      '--quiet',
    ]);
    await waitForDevnet(url, devnet, 30_000);
    return url;
  }

  const pendingNonce = async (url: string): Promise<number> =>
    Number((await rpc<string>(url, 'eth_getTransactionCount', [sender.address, 'pending'])).result);

  const receiptOf = async (url: string, hash: string): Promise<unknown> =>
    (await rpc(url, 'eth_getTransactionReceipt', [hash])).result ?? null;

  async function unconfirmed(devnetUrl: string): Promise<number> {
    const response = await fetch(devnetUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'num_unconfirmed_txs', params: {} }),
    });
    const body = (await response.json()) as { result: { total: string } };
    return Number(body.result.total);
  }

  /** photon_tx_rebroadcast_total summed over the processes that run the tx service. */
  async function rebroadcastTotal(tier: PhotonStack): Promise<number> {
    const txProcesses = tier.kind === 'cluster' ? tier.processes.tx : [tier.processes.single];
    let total = 0;
    for (const proc of txProcesses) {
      const text = await metricsOf(tier.opsUrls.get(proc)!);
      const line = /^photon_tx_rebroadcast_total\{service="tx"\} (\d+)$/m.exec(text);
      total += Number(line?.[1] ?? 0);
    }
    return total;
  }

  it('behavior: every acknowledged tx gets a receipt and the pending nonce never reuses a lost one', async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-tx-journal-'));
    port = await freePort();
    const devnetUrl = await startDevnet();
    stack = await startPhotonStack(kind, {
      engineUrl: devnetUrl,
      txReplicas: 2,
      readyTimeoutMs: 120_000,
      ops: true,
    });
    const url = stack.httpUrl;
    const gasPrice = BigInt((await rpc<string>(url, 'eth_gasPrice')).result!) * 2n;
    const results: Round[] = [];
    let inMempoolAtKills = 0;

    for (let round = 0; round < rounds; round++) {
      const first = await pendingNonce(url);
      const acknowledged: string[] = [];
      for (let i = 0; i < BURST; i++) {
        const raw = await sender.signTransaction({
          type: 0,
          chainId: 9000n,
          nonce: first + i,
          gasPrice,
          gasLimit: 21_000,
          to: RECIPIENT,
          value: BigInt(round + 1),
        });
        const answer = await rpc<string>(url, 'eth_sendRawTransaction', [raw]);
        expect(answer.error).toBeUndefined();
        expect(answer.result).toBe(Transaction.from(raw).hash);
        acknowledged.push(answer.result!);
      }
      inMempoolAtKills += await unconfirmed(devnetUrl);
      devnet!.child.kill('SIGKILL');
      await devnet!.exited;
      await startDevnet();
      const restartedAt = Date.now();

      // The restarted engine's mempool is empty; the pending nonce must still count every acknowledged tx.
      const pendingAfterRestart = await pendingNonce(url);
      const missing = new Set(acknowledged);
      await waitFor(
        async () => {
          for (const hash of [...missing]) if ((await receiptOf(url, hash)) !== null) missing.delete(hash);
          return missing.size === 0;
        },
        { what: `receipts of ${BURST} acknowledged txs (round ${round})`, timeoutMs: 30_000 },
      ).catch(() => undefined);
      const result = {
        lost: missing.size,
        pendingAfterRestart,
        pendingAtEnd: await pendingNonce(url),
        expected: first + BURST,
      };
      results.push(result);
      process.stdout.write(
        `tx-journal ${kind} round ${round}: ${JSON.stringify(result)}, every receipt ${Date.now() - restartedAt} ms after the restart\n`,
      );
    }
    // The kills caught txs in the mempool, so the rounds tested something, and the tier says it sent them again.
    expect(inMempoolAtKills).toBeGreaterThan(0);
    expect(results).toEqual(
      results.map(({ expected }) => ({
        lost: 0,
        pendingAfterRestart: expected,
        pendingAtEnd: expected,
        expected,
      })),
    );
    expect(await rebroadcastTotal(stack)).toBeGreaterThan(0);
  });
});

// Makes the chain the query workloads read, once per run: a `photon devnet --block-time 1ms
// --data-dir <dir>` deploys PhotonToken, spreads the transfers over LOG_RANGE and runs on to
// CHAIN_HEIGHT, then stops; the photon targets each start on their own copy of that data dir.
import { DevnetClient, freePort, spawnPhoton, waitFor, waitForDevnet } from '@photon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { CHAIN_HEIGHT, LOG_RANGE, SIGNED_DEPLOY, SIGNED_TRANSFERS, plannedTxHeights } from './bench-chain';

export interface BenchChain {
  /** A data dir holding the chain; start a devnet on a copy of it (a data dir has one owner at a time). */
  dir: string;
  /** The heights that included the deploy and each transfer. */
  txHeights: bigint[];
  /** Removes the data dir. */
  remove(): Promise<void>;
}

/** The bench chain, run on to `height` (CHAIN_HEIGHT unless a taller chain is asked for). */
export async function makeBenchChain(chainHeight = CHAIN_HEIGHT): Promise<BenchChain> {
  const dir = await mkdtemp(join(tmpdir(), 'photon-bench-chain-'));
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const devnet = spawnPhoton([
    'devnet',
    '--devnet-laddr',
    `tcp://127.0.0.1:${port}`,
    '--block-time',
    '1ms',
    '--data-dir',
    dir,
    '--quiet',
  ]);
  try {
    // A devnet can take longer than the default 20 s to answer on a busy box.
    await waitForDevnet(url, devnet, 60_000);
    const client = new DevnetClient(url);
    const reachHeight = (height: bigint): Promise<void> =>
      waitFor(async () => (await client.latestHeight()) >= height, {
        what: `devnet height ${height}`,
        // About 4 ms a block at --block-time 1ms on this box: 10,000 blocks take under a minute.
        timeoutMs: 120_000 + chainHeight * 10,
        intervalMs: 5,
        detail: () => devnet.output(),
      });

    const deployed = await client.send(SIGNED_DEPLOY);
    const txHeights = [deployed.height];
    const planned = plannedTxHeights(deployed.height);
    for (const [i, signed] of SIGNED_TRANSFERS.entries()) {
      await reachHeight(planned[i + 1] ?? 0n);
      txHeights.push((await client.send(signed)).height);
    }
    const outside = txHeights.filter((h) => h < LOG_RANGE.fromBlock || h > LOG_RANGE.toBlock);
    if (outside.length > 0) throw new Error(`txs landed outside the log range at ${outside.join(', ')}`);
    await reachHeight(BigInt(chainHeight));
    await devnet.stop();
    return { dir, txHeights, remove };
  } catch (err) {
    await devnet.stop();
    await remove();
    throw err;
  }
}

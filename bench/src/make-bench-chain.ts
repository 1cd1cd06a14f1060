// Makes the chain the query workloads read, once per run: a `photon devnet --block-time 1ms
// --data-dir <dir>` deploys PhotonToken, spreads the transfers over LOG_RANGE and runs on to
// CHAIN_HEIGHT, then stops; the photon targets each start on their own copy of that data dir.
import {
  DevnetClient,
  PHOTON_TOKEN_ARTIFACT,
  freePort,
  spawnPhoton,
  waitFor,
  waitForDevnet,
} from '@photon/testing';
import { ContractFactory } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  CHAIN_HEIGHT,
  DEPLOYER,
  HOLDER,
  INITIAL_SUPPLY,
  LOG_RANGE,
  TOKEN,
  TOKEN_INTERFACE,
  TRANSFERS,
  TRANSFER_AMOUNT,
} from './bench-chain';

export interface BenchChain {
  /** A data dir holding the chain; start a devnet on a copy of it (a data dir has one owner at a time). */
  dir: string;
  /** The heights that included the deploy and each transfer. */
  txHeights: bigint[];
  /** Removes the data dir. */
  remove(): Promise<void>;
}

// Dev accounts hold 1,000,000 photon and the devnet's base fee is far below this cap.
const FEES = { maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1n, chainId: 9000n, type: 2 } as const;
// Keeps the last transfer clear of LOG_RANGE's end even if its inclusion is a few blocks late.
const MARGIN = 50n;

export async function makeBenchChain(): Promise<BenchChain> {
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
    await waitForDevnet(url, devnet);
    const client = new DevnetClient(url);
    const reachHeight = (height: bigint): Promise<void> =>
      waitFor(async () => (await client.latestHeight()) >= height, {
        what: `devnet height ${height}`,
        timeoutMs: 120_000,
        intervalMs: 5,
        detail: () => devnet.output(),
      });

    const factory = new ContractFactory(PHOTON_TOKEN_ARTIFACT.abi, PHOTON_TOKEN_ARTIFACT.bytecode);
    const deploy = await factory.getDeployTransaction('Photon Bench Token', 'PBT', INITIAL_SUPPLY);
    const deployed = await client.send(
      await DEPLOYER.signTransaction({ data: deploy.data, nonce: 0, gasLimit: 2_000_000n, ...FEES }),
    );
    const txHeights = [deployed.height];

    const last = BigInt(LOG_RANGE.toBlock) - MARGIN;
    if (deployed.height >= last) throw new Error(`the deploy landed at ${deployed.height}, past ${last}`);
    const spacing = (last - deployed.height) / BigInt(TRANSFERS);
    const data = TOKEN_INTERFACE.encodeFunctionData('transfer', [HOLDER, TRANSFER_AMOUNT]);
    for (let i = 1; i <= TRANSFERS; i++) {
      await reachHeight(deployed.height + spacing * BigInt(i));
      const sent = await client.send(
        await DEPLOYER.signTransaction({ to: TOKEN, data, nonce: i, gasLimit: 100_000n, ...FEES }),
      );
      txHeights.push(sent.height);
    }
    const outside = txHeights.filter((h) => h < LOG_RANGE.fromBlock || h > LOG_RANGE.toBlock);
    if (outside.length > 0) throw new Error(`txs landed outside the log range at ${outside.join(', ')}`);
    await reachHeight(BigInt(CHAIN_HEIGHT));
    await devnet.stop();
    return { dir, txHeights, remove };
  } catch (err) {
    await devnet.stop();
    await remove();
    throw err;
  }
}

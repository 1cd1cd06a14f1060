// `pnpm bench:devnet`: the devnet's own numbers over its CometBFT RPC, as a client sees them —
// empty blocks per second at the shortest block time, the time to include 1,000 transfers
// broadcast with broadcast_tx_sync from the ten dev accounts, and the devnet's CPU per distinct eth_call and
// per balance read of a new account.
import { wrapEthereumTx } from '@photon/ethermint-wire';
import { getBytes } from 'ethers';
import { devnetQueryCosts } from './devnet-calls';
import { signDevTransfers } from './dev-transfers';
import { freePort, spawnPhoton, waitFor, DevnetClient } from '@photon/testing';

const TRANSFERS = Number(process.env['BENCH_TRANSFERS'] ?? 1000);
const EMPTY_SECONDS = Number(process.env['BENCH_EMPTY_SECONDS'] ?? 5);
const CALLS = Number(process.env['BENCH_CALLS'] ?? 4000);

// The devnet's RPC as any CometBFT client reads it.
const comet = <T>(url: string, method: string, params: Record<string, unknown> = {}): Promise<T> =>
  new DevnetClient(url).call<T>(method, params);
const height = async (url: string): Promise<number> => Number(await new DevnetClient(url).latestHeight());

async function startDevnet(blockTime: string) {
  const port = await freePort();
  const devnet = spawnPhoton([
    'devnet',
    '--devnet-laddr',
    `tcp://127.0.0.1:${port}`,
    '--block-time',
    blockTime,
    '--quiet',
  ]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await height(url).catch(() => 0)) >= 1, {
    what: 'the devnet',
    timeoutMs: 30_000,
  });
  return { devnet, url };
}

async function emptyBlocksPerSecond(): Promise<number> {
  const { devnet, url } = await startDevnet('1ms');
  try {
    const start = await height(url);
    const started = Date.now();
    await new Promise((resolve) => setTimeout(resolve, EMPTY_SECONDS * 1000));
    return ((await height(url)) - start) / ((Date.now() - started) / 1000);
  } finally {
    await devnet.stop();
  }
}

async function includeTransfers(): Promise<{
  signMs: number;
  broadcastMs: number;
  includeMs: number;
  blocks: number;
}> {
  const { devnet, url } = await startDevnet('100ms');
  try {
    const signStart = Date.now();
    const txs = (await signDevTransfers(TRANSFERS)).map((signed) =>
      wrapEthereumTx(getBytes(signed), { layout: 'maintained', denom: 'aphoton' }),
    );
    const signMs = Date.now() - signStart;
    const first = await height(url);
    const broadcastStart = Date.now();
    for (const tx of txs) {
      const result = await comet<{ code: number; log: string }>(url, 'broadcast_tx_sync', {
        tx: Buffer.from(tx).toString('base64'),
      });
      if (result.code !== 0) throw new Error(`broadcast refused: ${result.log}`);
    }
    const broadcastMs = Date.now() - broadcastStart;
    await waitFor(
      async () =>
        Number((await comet<{ total: string }>(url, 'num_unconfirmed_txs')).total) === 0 &&
        Number(
          (
            await comet<{ total_count: string }>(url, 'tx_search', {
              query: `tx.height>${first}`,
              per_page: '1',
            })
          ).total_count,
        ) === TRANSFERS,
      { what: `${TRANSFERS} transfers to be included`, timeoutMs: 120_000, intervalMs: 50 },
    );
    return {
      signMs,
      broadcastMs,
      includeMs: Date.now() - broadcastStart,
      blocks: (await height(url)) - first,
    };
  } finally {
    await devnet.stop();
  }
}

async function distinctQueries(): ReturnType<typeof devnetQueryCosts> {
  const { devnet, url } = await startDevnet('1s');
  try {
    return await devnetQueryCosts(url, devnet, CALLS);
  } finally {
    await devnet.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `command: node bench/dist/devnet-bench.js (BENCH_TRANSFERS=${TRANSFERS}, BENCH_EMPTY_SECONDS=${EMPTY_SECONDS}, BENCH_CALLS=${CALLS})`,
  );
  const blocksPerSecond = await emptyBlocksPerSecond();
  console.log(
    `empty blocks: ${blocksPerSecond.toFixed(1)} blocks/s at --block-time 1ms (${EMPTY_SECONDS} s)`,
  );
  const transfers = await includeTransfers();
  console.log(
    `${TRANSFERS} transfers: broadcast_tx_sync of all in ${transfers.broadcastMs} ms, all included after ` +
      `${transfers.includeMs} ms over ${transfers.blocks} blocks at --block-time 100ms (signing took ${transfers.signMs} ms, not counted)`,
  );
  const { calls, balances } = await distinctQueries();
  console.log(
    `${calls.queries} distinct eth_calls (PhotonToken balanceOf, one at a time): devnet CPU ` +
      `${calls.cpuMicros.toFixed(0)} µs a call, ${calls.wallMicros.toFixed(0)} µs a round trip`,
  );
  console.log(
    `${balances.queries} balance reads of new accounts (Query/Balance, one at a time): devnet CPU ` +
      `${balances.cpuMicros.toFixed(0)} µs a read, ${balances.wallMicros.toFixed(0)} µs a round trip`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

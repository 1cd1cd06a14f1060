// `pnpm bench:data-dir`: what `photon devnet --data-dir` costs, through the CLI as a user runs it —
// bytes and ms per block, and the time to reopen a data dir of 10,000 empty blocks, then of those
// plus 1,000 transfers.
import { type PhotonProcess, freePort, spawnPhoton, waitFor, DevnetClient } from '@photon/testing';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signDevTransfers } from './dev-transfers';

const EMPTY_BLOCKS = Number(process.env['BENCH_EMPTY_BLOCKS'] ?? 10_000);
const TRANSFERS = Number(process.env['BENCH_TRANSFERS'] ?? 1000);
const RATE_SECONDS = Number(process.env['BENCH_RATE_SECONDS'] ?? 5);

// The devnet's RPC as any CometBFT client reads it.
const comet = <T>(url: string, method: string, params: Record<string, unknown> = {}): Promise<T> =>
  new DevnetClient(url).call<T>(method, params);
const height = async (url: string): Promise<number> => Number(await new DevnetClient(url).latestHeight());

interface Started {
  readonly devnet: PhotonProcess;
  readonly url: string;
  /** From spawn to the first answered `status`. */
  readonly readyMs: number;
}

async function start(args: string[], blockTime: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const began = performance.now();
  const devnet = spawnPhoton([
    'devnet',
    ...args,
    '--devnet-laddr',
    `tcp://127.0.0.1:${port}`,
    '--block-time',
    blockTime,
    '--quiet',
  ]);
  // Ready once it answers and has printed its start-up lines (the RPC may answer first).
  await waitFor(
    async () => {
      if (devnet.hasExited()) throw new Error(`photon devnet exited:\n${devnet.output()}`);
      return devnet.output().includes('CometBFT RPC on') && (await height(url).catch(() => 0)) >= 1;
    },
    { what: 'the devnet', timeoutMs: 120_000, intervalMs: 5, detail: () => devnet.output() },
  );
  return { devnet, url, readyMs: performance.now() - began };
}

/** The CLI's own line: `… (resumed at height N; started in M ms)`. */
function resumed(devnet: PhotonProcess): { height: number; startedMs: number } {
  const match = /resumed at height (\d+); started in (\d+) ms/.exec(devnet.output());
  if (match === null) throw new Error(`no "resumed at height" line:\n${devnet.output()}`);
  return { height: Number(match[1]), startedMs: Number(match[2]) };
}

async function blocksPerSecond(args: string[]): Promise<number> {
  const { devnet, url } = await start(args, '1ms');
  try {
    const first = await height(url);
    const began = performance.now();
    await new Promise((resolve) => setTimeout(resolve, RATE_SECONDS * 1000));
    return ((await height(url)) - first) / ((performance.now() - began) / 1000);
  } finally {
    await devnet.stop();
  }
}

async function sendTransfers(url: string): Promise<void> {
  const first = await height(url);
  const devnet = new DevnetClient(url);
  for (const signed of await signDevTransfers(TRANSFERS)) {
    const result = await devnet.broadcast(signed);
    if (result.code !== 0) throw new Error(`broadcast refused: ${result.log}`);
  }
  await waitFor(
    async () =>
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
}

async function main(): Promise<void> {
  console.log(
    `command: node bench/dist/data-dir-bench.js (BENCH_EMPTY_BLOCKS=${EMPTY_BLOCKS}, ` +
      `BENCH_TRANSFERS=${TRANSFERS}, BENCH_RATE_SECONDS=${RATE_SECONDS})`,
  );
  const dir = await mkdtemp(join(tmpdir(), 'photon-bench-data-dir-'));
  const journal = join(dir, 'devnet', 'chain.journal');
  const dataDir = ['--data-dir', dir];
  try {
    const inMemory = await blocksPerSecond([]);
    const kept = await blocksPerSecond(['--data-dir', join(dir, 'rate')]);
    console.log(
      `empty blocks at --block-time 1ms: ${inMemory.toFixed(0)}/s in memory (${(1000 / inMemory).toFixed(2)} ms each), ` +
        `${kept.toFixed(0)}/s with --data-dir (${(1000 / kept).toFixed(2)} ms each, fsync included)`,
    );

    const fresh = await start(['--data-dir', join(dir, 'fresh')], '1s');
    await fresh.devnet.stop();

    const filling = await start(dataDir, '1ms');
    await waitFor(async () => (await height(filling.url)) >= EMPTY_BLOCKS, {
      what: `${EMPTY_BLOCKS} blocks`,
      timeoutMs: 600_000,
      intervalMs: 200,
    });
    await filling.devnet.stop();
    const emptySize = (await stat(journal)).size;

    const reopened = await start(dataDir, '100ms');
    const empty = resumed(reopened.devnet);
    const emptyBytes = emptySize / empty.height;
    await sendTransfers(reopened.url);
    await reopened.devnet.stop();
    const fullSize = (await stat(journal)).size;

    const again = await start(dataDir, '1s');
    const full = resumed(again.devnet);
    await again.devnet.stop();
    const transferBytes = (fullSize - emptySize - (full.height - empty.height) * emptyBytes) / TRANSFERS;

    console.log(
      `journal: ${emptySize} bytes for ${empty.height} empty blocks (${emptyBytes.toFixed(0)} bytes/block); ` +
        `${fullSize} bytes after ${TRANSFERS} transfers over ${full.height - empty.height} more blocks ` +
        `(${transferBytes.toFixed(0)} bytes/transfer on top of the block)`,
    );
    console.log(`start with a new data dir: ready in ${fresh.readyMs.toFixed(0)} ms (spawn to status)`);
    console.log(
      `reopen ${empty.height} empty blocks: Devnet.start ${empty.startedMs} ms, ready in ` +
        `${reopened.readyMs.toFixed(0)} ms (spawn to status)`,
    );
    console.log(
      `reopen ${full.height} blocks with ${TRANSFERS} transfers: Devnet.start ${full.startedMs} ms, ready in ` +
        `${again.readyMs.toFixed(0)} ms (spawn to status)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

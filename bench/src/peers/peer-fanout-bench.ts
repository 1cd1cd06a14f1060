// `pnpm bench:fanout:peers`: the peers' side of `pnpm bench:fanout`. For each peer (anvil, hardhat 2,
// ganache 7) it opens 1,000 websocket `newHeads` subscribers (BENCH_FANOUT_SIZES), then mines one block
// a second for 10 blocks (BENCH_FANOUT_BLOCKS) with the peer's own mine call, and reports the p50/p99
// of every subscriber's delay, the median delay of the last subscriber per block, and heads that never
// arrived. A peer has no engine to announce a commit, so the reference is the moment the mine call is
// sent: the delay includes mining an empty block (a millisecond or so), which Photon's reference does not.
import { rpc, waitFor } from '@photon/testing';
import { WebSocket } from 'ws';

import { ANVIL } from './anvil';
import { GANACHE } from './ganache';
import { HARDHAT } from './hardhat';
import { type Peer, spawnPeer } from './start-peer';
import { type FanoutDelays, fanoutDelays } from '../fanout-delays';

const SIZES = (process.env['BENCH_FANOUT_SIZES'] ?? '1000').split(',').map(Number);
const BLOCKS = Number(process.env['BENCH_FANOUT_BLOCKS'] ?? 10);
const BLOCK_INTERVAL_MS = 1_000;
const PEERS: readonly [string, Peer][] = [
  ['anvil', ANVIL],
  ['hardhat', HARDHAT],
  ['ganache', GANACHE],
];

interface Row extends FanoutDelays {
  peer: string;
  subscribers: number;
}

async function subscribe(wsUrl: string, onHead: (height: number) => void): Promise<WebSocket> {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const confirmed = new Promise<void>((resolve) => {
    ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        id?: number;
        params?: { result?: { number?: string } };
      };
      if (message.id === 1) resolve();
      const number = message.params?.result?.number;
      if (number !== undefined) onHead(Number(number));
    });
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
  await confirmed;
  return ws;
}

async function measure(name: string, peer: Peer, subscribers: number): Promise<Row> {
  const { url, proc } = await spawnPeer(peer);
  const sockets: WebSocket[] = [];
  const received = new Map<number, number[]>();
  const mined = new Map<number, number>();
  try {
    for (let i = 0; i < subscribers; i++) {
      sockets.push(
        await subscribe(url.replace(/^http/, 'ws'), (height) => {
          let times = received.get(height);
          if (times === undefined) received.set(height, (times = []));
          times.push(Date.now());
        }),
      );
    }
    const start = Number((await rpc<string>(url, 'eth_blockNumber')).result);
    for (let height = start + 1; height <= start + BLOCKS; height++) {
      mined.set(height, Date.now());
      const reply = await rpc(url, peer.dialect.mineMethod, peer.dialect.mineParams(1n));
      if (reply.error !== undefined) throw new Error(`${peer.dialect.mineMethod}: ${reply.error.message}`);
      await new Promise((resolve) => setTimeout(resolve, BLOCK_INTERVAL_MS));
    }
    await waitFor(() => Promise.resolve((received.get(start + BLOCKS)?.length ?? 0) >= subscribers), {
      what: `${subscribers} subscribers to see block ${start + BLOCKS}`,
      timeoutMs: 10_000,
    }).catch(() => undefined); // what never arrived is counted as missing
    return { peer: name, subscribers, ...fanoutDelays(mined, received, subscribers) };
  } finally {
    for (const ws of sockets) ws.terminate();
    await proc.stop();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const [name, peer] of PEERS) {
    for (const subscribers of SIZES) {
      process.stdout.write(`[fanout] ${name}: ${subscribers} newHeads subscribers, ${BLOCKS} blocks…\n`);
      try {
        rows.push(await measure(name, peer, subscribers));
      } catch (err) {
        // A peer that does not start is named, never silently left out.
        process.stdout.write(
          `[fanout] ${name}: MISSING: ${err instanceof Error ? err.message : String(err)}\n`,
        );
        process.exitCode = 1;
      }
    }
  }
  process.stdout.write('\npeer     subscribers  blocks  p50 ms  p99 ms  last (median) ms  missing\n');
  for (const r of rows) {
    process.stdout.write(
      `${r.peer.padEnd(7)}  ${String(r.subscribers).padStart(11)}  ${String(BLOCKS).padStart(6)}  ` +
        `${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.last).padStart(16)}  ` +
        `${String(r.missing).padStart(7)}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:fanout:peers: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

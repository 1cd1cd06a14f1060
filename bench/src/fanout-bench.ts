// `pnpm bench:fanout`: how fast a new head reaches many subscribers (issue 11's bench). For 1,000 and
// 5,000 newHeads subscribers, and for 1,000 clients of the engine-event websocket `/websocket` sharing one
// query (`tm.event='NewBlockHeader'`, one engine subscription for all of them) — in-process on one
// gateway, and over NATS spread over two gateways — it takes the moment the engine announces each block
// (its own NewBlock event, on a socket of the bench's own to the devnet) as the commit, and reports per
// block the p50/p99 of the subscribers' receipt delay and the delay of the last one. Goal (the issue):
// p99 < 250 ms on these 2-core machines.
import {
  type PhotonStack,
  type PhotonStackKind,
  addGateway,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { WebSocket } from 'ws';
import { type FanoutDelays, fanoutDelays } from './fanout-delays';

const SIZES = (process.env['BENCH_FANOUT_SIZES'] ?? '1000,5000').split(',').map(Number);
const ENGINE_SIZES = (process.env['BENCH_FANOUT_ENGINE_SIZES'] ?? '1000').split(',').map(Number);
const BLOCKS = Number(process.env['BENCH_FANOUT_BLOCKS'] ?? 10);
const BLOCK_TIME_MS = 1_000;

/** What the subscribers follow: where they connect, what they send, where a message says its height. */
interface Feed {
  readonly name: string;
  readonly path: string;
  readonly subscribe: string;
  heightOf(message: unknown): string | undefined;
}

const NEW_HEADS: Feed = {
  name: 'newHeads',
  path: '',
  subscribe: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }),
  heightOf: (message) => (message as { params?: { result?: { number?: string } } }).params?.result?.number,
};

const ENGINE_EVENTS: Feed = {
  name: '/websocket',
  path: '/websocket',
  subscribe: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'subscribe',
    params: { query: "tm.event='NewBlockHeader'" },
  }),
  heightOf: (message) =>
    (message as { result?: { data?: { value?: { header?: { height?: string } } } } }).result?.data?.value
      ?.header?.height,
};

interface Row extends FanoutDelays {
  feed: string;
  kind: PhotonStackKind;
  subscribers: number;
  blocks: number;
}

async function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

/** Commit moments by height, from the engine's own NewBlock events. */
async function engineCommits(devnetUrl: string): Promise<{ commits: Map<number, number>; close(): void }> {
  const ws = await open(`${devnetUrl.replace(/^http/, 'ws')}/websocket`);
  const commits = new Map<number, number>();
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as {
      result?: { data?: { value?: { block?: { header?: { height?: string } } } } };
    };
    const height = message.result?.data?.value?.block?.header?.height;
    if (height !== undefined) commits.set(Number(height), Date.now());
  });
  ws.send(
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subscribe', params: { query: "tm.event='NewBlock'" } }),
  );
  return { commits, close: () => ws.close() };
}

async function secondGateway(stack: PhotonStack): Promise<string> {
  return stack.kind === 'cluster'
    ? (await addGateway(stack, ['--log-level', 'error', '--ws-max-connections-per-ip', '0'])).wsUrl
    : stack.wsUrl;
}

async function measure(feed: Feed, kind: PhotonStackKind, subscribers: number): Promise<Row> {
  const stack = await startPhotonStack(kind, {
    blockTimeMs: BLOCK_TIME_MS,
    // Every subscriber connects from this machine: the per-address websocket cap would refuse most.
    extraArgs: ['--log-level', 'error', '--ws-max-connections-per-ip', '0'],
  });
  const engine = await engineCommits(stack.devnetUrl);
  const gateways = [stack.wsUrl, await secondGateway(stack)];
  const sockets: WebSocket[] = [];
  const received = new Map<number, number[]>();
  try {
    for (let i = 0; i < subscribers; i++) {
      const ws = await open(`${gateways[i % gateways.length]!}${feed.path}`);
      sockets.push(ws);
      ws.on('message', (data: Buffer) => {
        const number = feed.heightOf(JSON.parse(data.toString('utf8')));
        if (number === undefined) return;
        const height = Number(number);
        let times = received.get(height);
        if (times === undefined) received.set(height, (times = []));
        times.push(Date.now());
      });
      ws.send(feed.subscribe);
    }
    const first = Math.max(0, ...engine.commits.keys()) + 2;
    await waitFor(() => Promise.resolve((received.get(first + BLOCKS)?.length ?? 0) >= subscribers), {
      what: `${BLOCKS} heads at ${subscribers} subscribers`,
      timeoutMs: (BLOCKS + 10) * BLOCK_TIME_MS * 3,
      intervalMs: 100,
    });
    const heights = Array.from({ length: BLOCKS }, (_, i) => first + i);
    // A height whose commit the engine's socket missed has no reference moment: it is left out.
    const announced = heights.flatMap((height) => {
      const commit = engine.commits.get(height);
      return commit === undefined ? [] : [[height, commit] as const];
    });
    return {
      feed: feed.name,
      kind,
      subscribers,
      blocks: BLOCKS,
      ...fanoutDelays(announced, received, subscribers),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
    engine.close();
    await stack.stop();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const runs: [Feed, readonly number[]][] = [
    [NEW_HEADS, SIZES],
    [ENGINE_EVENTS, ENGINE_SIZES],
  ];
  for (const [feed, sizes] of runs) {
    for (const kind of ['in-process', 'cluster'] as const) {
      for (const subscribers of sizes) {
        process.stdout.write(
          `[fanout] ${kind}: ${subscribers} ${feed.name} subscribers, ${BLOCKS} blocks…\n`,
        );
        rows.push(await measure(feed, kind, subscribers));
      }
    }
  }
  process.stdout.write(
    '\nfeed        target      subscribers  blocks  p50 ms  p99 ms  last (median) ms  missing  p99 < 250 ms\n',
  );
  for (const row of rows) {
    process.stdout.write(
      `${row.feed.padEnd(10)}  ${row.kind.padEnd(10)}  ${String(row.subscribers).padStart(11)}  ` +
        `${String(row.blocks).padStart(6)}  ` +
        `${String(row.p50).padStart(6)}  ${String(row.p99).padStart(6)}  ${String(row.last).padStart(16)}  ` +
        `${String(row.missing).padStart(7)}  ${row.p99 < 250 ? 'PASS' : 'FAIL'}\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:fanout: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

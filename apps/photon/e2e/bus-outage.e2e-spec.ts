// Issue 23 items 11 and 8: a cluster on its own nats-server, which the test stops and restarts. A short outage
// must not stall calls: every call made meanwhile is answered at once (-32002, or a result the gateway holds),
// never after its method's whole timeout, and once NATS is back each method is served again soon. And NATS
// restarts under block and log filters polled through two gateways lose no block and no log: a poll whose
// reply was lost with the bus left the filter's cursor where it was, so the next poll delivers it again.
import {
  type ClusterStack,
  type JsonRpcReply,
  type OwnServer,
  addGateway,
  devWallet,
  rpc,
  startOwnNats,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { JsonRpcProvider } from 'ethers';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployToken } from './deploy-token';

jest.setTimeout(180_000);

/** JSON-RPC code of "resource unavailable". */
const RESOURCE_UNAVAILABLE = -32002;

const RECIPIENT = '0x000000000000000000000000000000000000beef';

/** A log as a filter or eth_getLogs gives it, and the key that names it. */
interface LogChange {
  readonly blockNumber: string;
  readonly logIndex: string;
  readonly transactionHash: string;
}
type Change = string | LogChange;
const logKey = (log: LogChange): string => `${BigInt(log.blockNumber)}:${BigInt(log.logIndex)}`;

/** NATS restarts under the polled filters. */
const RESTARTS = 4;

/** How long NATS stays down (the issue's outage was ~4 s). */
const OUTAGE_MS = 4_000;

/**
 * Far below every method's bus timeout (10 s and more) and far above an answer given at once on a loaded box:
 * what separates "refused at once" from "waited out its timeout".
 */
const ANSWERED_AT_ONCE_MS = 3_000;

interface Timed {
  readonly method: string;
  readonly ms: number;
  readonly code?: number;
}

describe('a NATS outage under a cluster', () => {
  let dir: string;
  let nats: OwnServer | undefined;
  let stack: ClusterStack | undefined;
  const previousUrl = process.env['PHOTON_TEST_NATS_URL'];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-bus-outage-'));
    nats = await startOwnNats(join(dir, 'nats'));
    process.env['PHOTON_TEST_NATS_URL'] = nats.url;
    // A loaded CI box may take long to start five processes at once.
    stack = await startPhotonStack('cluster', { readyTimeoutMs: 90_000 });
  });

  afterAll(async () => {
    await stack?.stop();
    await nats?.kill('SIGTERM');
    if (previousUrl === undefined) delete process.env['PHOTON_TEST_NATS_URL'];
    else process.env['PHOTON_TEST_NATS_URL'] = previousUrl;
    await rm(dir, { recursive: true, force: true });
  });

  it('behavior: NATS restarts under block and log filters polled through two gateways lose nothing', async () => {
    const gateways = [stack!.httpUrl, (await addGateway(stack!, ['--log-level', 'warn'])).httpUrl];
    const provider = new JsonRpcProvider(gateways[0], undefined, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 200;
    const token = await deployToken(provider, 3);
    const address = (await token.getAddress()).toLowerCase();
    const installedAt = BigInt((await rpc<string>(gateways[0]!, 'eth_blockNumber')).result!);
    const blockFilters = await Promise.all(
      [0, 1].map(async () => (await rpc<string>(gateways[0]!, 'eth_newBlockFilter')).result!),
    );
    // A block filter reports the blocks after the head it was made at: heads that came while the filters were
    // being made may precede one filter's first change (a full check saw filter 1 made a block later).
    const madeBy = BigInt((await rpc<string>(gateways[0]!, 'eth_blockNumber')).result!);
    const logFilter = (await rpc<string>(gateways[1]!, 'eth_newFilter', [{ address }])).result!;
    let polling = true;
    let lostPolls = 0;
    /** Polls `filter` back to back, alternately through each gateway, as a client would: a lost poll is repeated. */
    const poll = async (filter: string): Promise<Change[]> => {
      const changes: Change[] = [];
      for (let i = 0; polling; i++) {
        let reply: JsonRpcReply<Change[]> | undefined;
        try {
          reply = await rpc<Change[]>(gateways[i % 2]!, 'eth_getFilterChanges', [filter], 1, {
            timeoutMs: 10_000,
          });
        } catch (error) {
          if ((error as Error).name !== 'TimeoutError') throw error;
        }
        if (reply?.error !== undefined && reply.error.code !== RESOURCE_UNAVAILABLE)
          throw new Error(`eth_getFilterChanges: ${JSON.stringify(reply.error)}`);
        if (reply?.result === undefined) lostPolls++;
        changes.push(...(reply?.result ?? []));
      }
      return changes;
    };
    const pollers = [...blockFilters, logFilter].map(poll);
    // Token transfers all along, each waited for until mined; one the outage refused is signed again with the
    // nonce read afresh (ethers' NonceManager would keep the failed nonce read, and leave it unhandled).
    let sending = true;
    const sender = (async () => {
      const wallet = devWallet(3);
      const chainId = BigInt((await rpc<string>(gateways[0]!, 'eth_chainId')).result!);
      const gasPrice = BigInt((await rpc<string>(gateways[0]!, 'eth_gasPrice')).result!);
      const data = token.interface.encodeFunctionData('transfer', [RECIPIENT, 1n]);
      const pause = () => new Promise((resolve) => setTimeout(resolve, 200));
      while (sending) {
        const nonce = await rpc<string>(gateways[0]!, 'eth_getTransactionCount', [wallet.address, 'pending']);
        if (nonce.result === undefined) {
          await pause();
          continue;
        }
        const raw = await wallet.signTransaction({
          to: address,
          data,
          nonce: Number(nonce.result),
          gasLimit: 100_000n,
          gasPrice,
          chainId,
        });
        const sent = await rpc<string>(gateways[0]!, 'eth_sendRawTransaction', [raw]);
        if (sent.result === undefined) {
          await pause();
          continue;
        }
        await waitFor(
          async () =>
            (await rpc(gateways[0]!, 'eth_getTransactionReceipt', [sent.result])).result != null ||
            (await rpc<string>(gateways[0]!, 'eth_getTransactionCount', [wallet.address, 'latest']))
              .result === `0x${(Number(nonce.result) + 1).toString(16)}`,
          { what: 'the transfer mined', timeoutMs: 30_000, intervalMs: 200 },
        );
      }
    })();
    for (let restart = 0; restart < RESTARTS; restart++) {
      const before = lostPolls;
      // Some blocks and transfers polled between restarts.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await nats!.kill('SIGTERM');
      await nats!.start();
      await waitFor(
        async () =>
          (await rpc(gateways[restart % 2]!, 'eth_getBlockByNumber', ['0x1', false])).error === undefined,
        { what: 'the tier serving again', timeoutMs: 30_000 },
      );
      process.stdout.write(`filters under NATS restart ${restart + 1}: ${lostPolls - before} polls lost\n`);
    }
    sending = false;
    await sender;
    // Every transfer is mined by now (the sender waited for each): the pollers catch up, then stop.
    const head = BigInt((await rpc<string>(gateways[0]!, 'eth_blockNumber')).result!);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    polling = false;
    const [first, second, logs] = await Promise.all(pollers);
    const chain: string[] = [];
    for (let height = installedAt + 1n; height <= head; height++)
      chain.push(
        (
          await rpc<{ hash: string }>(gateways[0]!, 'eth_getBlockByNumber', [
            `0x${height.toString(16)}`,
            false,
          ])
        ).result!.hash,
      );
    const expectedLogs = (
      await rpc<LogChange[]>(gateways[0]!, 'eth_getLogs', [
        { address, fromBlock: `0x${(installedAt + 1n).toString(16)}`, toBlock: `0x${head.toString(16)}` },
      ])
    ).result!.map(logKey);
    const report = (name: string, seen: string[], expected: string[]) => {
      const distinct = seen.filter((key, j) => seen.indexOf(key) === j);
      const missed = expected.filter((key) => !seen.includes(key));
      process.stdout.write(
        `${name}: ${seen.length} changes for ${expected.length} expected, ${missed.length} missed, ` +
          `${seen.length - distinct.length} duplicates\n`,
      );
      // Everything at least once, in chain order (a duplicate only where a restart hit between a reply and
      // its confirmation); changes past `head` came with the last polls.
      return { missed, order: distinct.slice(0, expected.length) };
    };
    process.stdout.write(`${lostPolls} polls lost in all\n`);
    const startedLate = Number(madeBy - installedAt);
    for (const [name, seen] of [
      ['block filter 0', first as string[]],
      ['block filter 1', second as string[]],
    ] as const) {
      // Blocks before its first change are not expected when they came while the filters were being made.
      const late = chain.findIndex((hash) => seen.includes(hash));
      const expected = chain.slice(late > 0 && late <= startedLate ? late : 0);
      expect(report(name, seen, expected)).toEqual({ missed: [], order: expected });
    }
    expect(report('log filter', (logs as LogChange[]).map(logKey), expectedLogs)).toEqual({
      missed: [],
      order: expectedLogs,
    });
    expect(expectedLogs.length).toBeGreaterThan(0);
    provider.destroy();
  });

  it('behavior: calls during the outage are answered at once, and served again soon after', async () => {
    const url = stack!.httpUrl;
    const filter = (await rpc<string>(url, 'eth_newBlockFilter')).result!;
    const calls: [string, unknown[]][] = [
      ['eth_getBlockByNumber', ['0x1', false]],
      [
        'eth_estimateGas',
        [{ from: devWallet(0).address, to: '0x000000000000000000000000000000000000beef', value: '0x1' }],
      ],
      ['eth_getFilterChanges', [filter]],
    ];
    const timed = async (method: string, params: unknown[]): Promise<Timed> => {
      const began = Date.now();
      const reply = await rpc(url, method, params, 1, { timeoutMs: 60_000 });
      const ms = Date.now() - began;
      return reply.error === undefined ? { method, ms } : { method, ms, code: reply.error.code };
    };
    for (const [method, params] of calls) expect((await timed(method, params)).code).toBeUndefined();

    await nats!.kill('SIGTERM');
    const stopped = Date.now();
    const during: Promise<Timed>[] = [];
    while (Date.now() - stopped < OUTAGE_MS) {
      for (const [method, params] of calls) during.push(timed(method, params));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await nats!.start();
    const restarted = Date.now();
    const recovered = new Map<string, number>();
    await waitFor(
      async () => {
        await Promise.all(
          calls
            .filter(([method]) => !recovered.has(method))
            .map(async ([method, params]) => {
              if ((await timed(method, params)).code === undefined)
                recovered.set(method, Date.now() - restarted);
            }),
        );
        return recovered.size === calls.length;
      },
      { what: 'every method served after the restart', timeoutMs: 60_000, intervalMs: 100 },
    );
    const answered = await Promise.all(during);
    const slowest = Math.max(...answered.map((t) => t.ms));
    const refused = answered.filter((t) => t.code === RESOURCE_UNAVAILABLE).length;
    process.stdout.write(
      `bus outage: ${answered.length} calls during ${OUTAGE_MS} ms of NATS down, ${refused} refused -32002, ` +
        `slowest answer ${slowest} ms; served again after the restart in ` +
        `${[...recovered].map(([m, ms]) => `${m} ${ms} ms`).join(', ')}\n`,
    );
    expect(answered.filter((t) => t.code !== undefined && t.code !== RESOURCE_UNAVAILABLE)).toEqual([]);
    expect(answered.filter((t) => t.ms > ANSWERED_AT_ONCE_MS)).toEqual([]);
    // The goal of issue 23 is under 5 s for every fault; on an idle box it is well under 1 s.
    expect(Math.max(...recovered.values())).toBeLessThan(5_000);
  });
});

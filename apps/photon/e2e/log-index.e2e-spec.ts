// The eth_getLogs index end to end, in-process (memory) and over NATS (Redis): the events leader covers the
// chain from genesis, eth_getLogs then reads only the blocks the index lists, and for random filters over
// random ranges its answers equal those of a tier on the same devnet running with --log-index-from off.
// Over NATS, an index wiped from Redis is rebuilt by the leader while the answers stay the same.
import { QueryCacheStats } from '@photon/query';
import { RedisLogIndex, connectRedis } from '@photon/store';
import { seededRandom, startPhotonStack, waitFor } from '@photon/testing';
import { type Contract, JsonRpcProvider, toQuantity, zeroPadValue } from 'ethers';
import { deployToken, transferToken } from './deploy-token';
import { type TestTier, startTestTier } from './in-process-app';
import { APPROVAL_TOPIC, TRANSFER_TOPIC } from './query-chain';
import { call } from './query-rpc';

jest.setTimeout(180_000);

const RECIPIENTS = [`0x${'a1'.repeat(20)}`, `0x${'b2'.repeat(20)}`, `0x${'c3'.repeat(20)}`];
const TRANSFERS = 9;
const FILTERS = 60;
const ABSENT_TOPIC = `0x${'42'.repeat(32)}`;

/** A tier under test: where it answers, where its devnet is, and whether its index covers [1, height]. */
interface IndexedTier {
  readonly url: string;
  readonly devnetUrl: string;
  covers(height: bigint): Promise<boolean>;
  /** Blocks eth_getLogs read against the blocks its ranges spanned (in-process only). */
  readCounts?(): { blocksRead: number; blocksSpanned: number };
  wipe?(): Promise<void>;
  stop(): Promise<void>;
}

async function inProcessTier(): Promise<IndexedTier> {
  const tier: TestTier = await startTestTier(['--block-time', '200ms']);
  const stats = tier.app.get(QueryCacheStats);
  const url = tier.httpUrl;
  return {
    url,
    devnetUrl: tier.devnet?.rpcUrl ?? '',
    readCounts: () => stats.snapshot().logIndex,
    // The memory index is not reachable from here: a query of [1, height] for a topic no log has reads no
    // block when the index covers the range (a scan reads every block of it).
    covers: async (height) => {
      const before = stats.snapshot().logIndex;
      await call(url, 'eth_getLogs', [
        { fromBlock: '0x1', toBlock: toQuantity(height), topics: [ABSENT_TOPIC] },
      ]);
      return stats.snapshot().logIndex.blocksRead === before.blocksRead;
    },
    stop: () => tier.close(),
  };
}

async function clusterTier(): Promise<IndexedTier> {
  const stack = await startPhotonStack('cluster', { extraArgs: ['--log-level', 'warn'] });
  const redis = await connectRedis(new URL(stack.redisUrl), { name: 'log-index-spec' });
  const index = new RedisLogIndex(redis, { prefix: stack.busPrefix });
  return {
    url: stack.httpUrl,
    devnetUrl: stack.devnetUrl,
    covers: async (height) => {
      const span = await index.span();
      return span !== null && span.low === 1n && span.high >= height;
    },
    wipe: () => index.clear(),
    stop: async () => {
      await redis.quit();
      await stack.stop();
    },
  };
}

describe.each([
  ['in-process', inProcessTier],
  ['cluster', clusterTier],
] as const)('log index (%s)', (_kind, start) => {
  let tier: IndexedTier;
  let scanning: TestTier;
  let provider: JsonRpcProvider;
  let token: Contract;
  let tokenAddress: string;
  let head: bigint;

  const getLogs = (url: string, filter: object): Promise<unknown[]> => call(url, 'eth_getLogs', [filter]);

  /** Random filters: the token or another address, Transfer/Approval, senders and recipients with nulls and OR-lists. */
  function randomFilters(seed: number): object[] {
    const next = seededRandom(seed);
    const some = (list: readonly string[]): string[] => list.filter(() => next() < 0.5);
    const padded = RECIPIENTS.map((address) => zeroPadValue(address, 32));
    return Array.from({ length: FILTERS }, () => {
      const from = 1n + BigInt(Math.floor(next() * Number(head)));
      const to = from + BigInt(Math.floor(next() * Number(head - from + 1n)));
      const positions = [some([TRANSFER_TOPIC, APPROVAL_TOPIC]), null, some(padded)];
      const topics = positions.slice(0, Math.floor(next() * 4)).map((p) => (p?.length === 0 ? null : p));
      return {
        fromBlock: toQuantity(from),
        toBlock: toQuantity(to),
        ...(next() < 0.6 ? { address: some([tokenAddress, `0x${'42'.repeat(20)}`]) } : {}),
        ...(topics.length > 0 ? { topics } : {}),
      };
    });
  }

  async function expectSameAnswers(seed: number): Promise<void> {
    for (const filter of randomFilters(seed)) {
      const [indexed, scanned] = await Promise.all([
        getLogs(tier.url, filter),
        getLogs(scanning.httpUrl, filter),
      ]);
      expect({ filter, logs: indexed }).toEqual({ filter, logs: scanned });
    }
  }

  beforeAll(async () => {
    tier = await start();
    provider = new JsonRpcProvider(tier.url, undefined, { staticNetwork: true, cacheTimeout: -1 });
    provider.pollingInterval = 200;
    token = await deployToken(provider, 6);
    tokenAddress = await token.getAddress();
    for (let sent = 0; sent < TRANSFERS; sent++) {
      await transferToken(token, RECIPIENTS[sent % RECIPIENTS.length]!, BigInt(sent + 1));
    }
    head = BigInt(await provider.getBlockNumber());
    // The same devnet read by a tier that never indexes: every answer of it is a scan of every block.
    scanning = await startTestTier(['--node', tier.devnetUrl, '--log-index-from', 'off']);
  });

  afterAll(async () => {
    provider?.destroy();
    await scanning?.close();
    await tier?.stop();
  });

  it('default: the leader covers the chain from genesis, and eth_getLogs reads only the blocks with a match', async () => {
    await waitFor(() => tier.covers(head), { what: `the log index to cover blocks 1-${head}` });
    if (tier.readCounts === undefined) return;
    const before = tier.readCounts();
    const logs = await getLogs(tier.url, {
      fromBlock: '0x1',
      toBlock: toQuantity(head),
      address: tokenAddress,
    });
    const after = tier.readCounts();
    expect(logs).toHaveLength(TRANSFERS + 1);
    // The leader's own reads of new heads may land in between: each reads at most the blocks it spans.
    const othersSpanned = after.blocksSpanned - before.blocksSpanned - Number(head);
    expect(othersSpanned).toBeGreaterThanOrEqual(0);
    expect(after.blocksRead - before.blocksRead - othersSpanned).toBeLessThanOrEqual(TRANSFERS + 1);
  });

  it('property: for random filters and ranges, indexed answers equal those of a tier that scans', async () => {
    await waitFor(() => tier.covers(head), { what: `the log index to cover blocks 1-${head}` });
    await expectSameAnswers(11);
  });

  it('behavior: an index wiped from the store is rebuilt by the leader; answers stay the same meanwhile', async () => {
    if (tier.wipe === undefined) return;
    await waitFor(() => tier.covers(head), { what: `the log index to cover blocks 1-${head}` });
    await tier.wipe();
    await expectSameAnswers(12);
    await waitFor(() => tier.covers(head), { what: `the log index rebuilt over blocks 1-${head}` });
    await expectSameAnswers(13);
  });
});

// The property the log index must keep: for any range and any filter (addresses, topic positions with null
// and OR-lists), reading only the blocks the index leaves gives exactly the logs a scan of every block gives,
// whether the range lies inside the index's span, across its edges or beside it.
import { seededRandom } from '@photon/testing';
import { MemoryLogIndex, blockLogKeys, criteriaKeyGroups } from '@photon/store';
import type { EthLogRecord, Hex } from '@photon/types';
import type { LogCriteria } from './log-criteria';
import { planScan } from './log-plan';
import { type BlockLogSource, scanLogs } from './log-scan';

const ADDRESSES: Hex[] = [`0x${'11'.repeat(20)}`, `0x${'22'.repeat(20)}`, `0x${'33'.repeat(20)}`];
const TOPICS: Hex[] = ['aa', 'bb', 'cc', 'dd'].map((byte): Hex => `0x${byte.repeat(32)}`);
const HEAD = 400n;
const LIMITS = { maxBlockRange: 10_000, maxResults: 10_000 };

function randomChain(next: () => number): Map<bigint, EthLogRecord[]> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chain = new Map<bigint, EthLogRecord[]>();
  for (let height = 1n; height <= HEAD; height++) {
    const count = next() < 0.7 ? 0 : 1 + Math.floor(next() * 3);
    chain.set(
      height,
      Array.from({ length: count }, (_, logIndex) => ({
        address: pick(ADDRESSES),
        topics: Array.from({ length: Math.floor(next() * 4) }, () => pick(TOPICS)),
        data: '0x',
        blockHash: `0x${height.toString(16).padStart(64, '0')}`,
        blockNumber: height,
        blockTimestamp: 0n,
        transactionHash: `0x${'00'.repeat(32)}`,
        transactionIndex: 0,
        logIndex,
        removed: false,
      })),
    );
  }
  return chain;
}

function randomCriteria(next: () => number): LogCriteria {
  const some = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.4);
  const topics = Array.from({ length: Math.floor(next() * 4) }, () => (next() < 0.3 ? null : some(TOPICS)));
  return {
    ...(next() < 0.5 ? { addresses: some(ADDRESSES) } : {}),
    ...(topics.length > 0 ? { topics } : {}),
  };
}

describe('eth_getLogs through the log index', () => {
  it('property: indexed answers equal a scan of every block, inside, across and beside the span', async () => {
    const next = seededRandom(9000);
    const chain = randomChain(next);
    const index = new MemoryLogIndex();
    // The span covers 101-300: history below it is not backfilled yet, the newest blocks not indexed yet.
    const blocks = [...chain]
      .filter(([height]) => height >= 101n && height <= 300n)
      .map(([height, logs]) => ({ height, keys: blockLogKeys(logs) }));
    await index.record(101n, 300n, blocks, '101:0x01');
    const source: BlockLogSource = (height) => Promise.resolve(chain.get(height) ?? null);
    for (let trial = 0; trial < 300; trial++) {
      const criteria = randomCriteria(next);
      const from = 1n + BigInt(Math.floor(next() * Number(HEAD)));
      const span = BigInt(Math.floor(next() * 250));
      const range = { from, to: from + span > HEAD ? HEAD : from + span };
      const groups = criteriaKeyGroups(criteria.addresses, criteria.topics);
      const plan = planScan(range, await index.lookup(groups, range.from, range.to));
      const indexed = await scanLogs(plan, criteria, LIMITS, source);
      expect(indexed).toEqual(await scanLogs(range, criteria, LIMITS, source));
    }
  });
});

// The log index against both implementations (memory and the machine's Redis): span rules, and a property
// test holding every lookup equal to a brute-force pass over the recorded blocks.
import { seededRandom } from '@photon/testing';
import { inMemory, overRedis } from '../testing/replicas';
import {
  ANY_LOG_KEY,
  type IndexedBlock,
  type KeyGroups,
  type LogIndex,
  addressKey,
  blockLogKeys,
  criteriaKeyGroups,
  topicKey,
} from './log-index';
import { MemoryLogIndex } from './memory-log-index';
import { RedisLogIndex } from './redis-log-index';

const ADDRESSES = ['0x' + '1'.repeat(40), '0x' + '2'.repeat(40), '0x' + '3'.repeat(40)];
const TOPICS = ['0x' + 'a'.repeat(64), '0x' + 'b'.repeat(64), '0x' + 'c'.repeat(64), '0x' + 'd'.repeat(64)];

function randomChain(next: () => number, blocks: number): Map<bigint, string[]> {
  const chain = new Map<bigint, string[]>();
  for (let height = 1n; height <= BigInt(blocks); height++) {
    const count = next() < 0.6 ? 0 : Math.floor(next() * 4);
    const logs = Array.from({ length: count }, () => ({
      address: ADDRESSES[Math.floor(next() * ADDRESSES.length)]!,
      topics: Array.from(
        { length: Math.floor(next() * 4) },
        () => TOPICS[Math.floor(next() * TOPICS.length)]!,
      ),
    }));
    chain.set(height, blockLogKeys(logs));
  }
  return chain;
}

function randomGroups(next: () => number): KeyGroups {
  const pick = <T>(list: readonly T[]): T[] => list.filter(() => next() < 0.4);
  const addresses = next() < 0.5 ? pick(ADDRESSES) : undefined;
  const topics = Array.from({ length: Math.floor(next() * 4) }, () => (next() < 0.3 ? null : pick(TOPICS)));
  return criteriaKeyGroups(addresses, topics);
}

const blocksOf = (chain: Map<bigint, string[]>, from: bigint, to: bigint): IndexedBlock[] =>
  [...chain]
    .filter(([h, keys]) => h >= from && h <= to && keys.length > 0)
    .map(([height, keys]) => ({ height, keys }));

describe.each([
  ['MemoryLogIndex', inMemory<LogIndex, never>(() => new MemoryLogIndex())],
  [
    'RedisLogIndex',
    overRedis<LogIndex, never>(
      'photon-log-index-spec',
      (redis, prefix) => new RedisLogIndex(redis, { prefix }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: the span grows up and down from the first recording and keeps its first anchor', async () => {
    const [writer, reader] = await replicas.pair();
    expect(await reader.span()).toBeNull();
    expect(await writer.record(100n, 100n, [], '100:0xaa')).toEqual({
      low: 100n,
      high: 100n,
      anchor: '100:0xaa',
    });
    await writer.record(101n, 110n, [{ height: 105n, keys: [ANY_LOG_KEY] }], '101:0xbb');
    await writer.record(50n, 99n, [{ height: 60n, keys: [ANY_LOG_KEY] }], '50:0xcc');
    expect(await reader.span()).toEqual({ low: 50n, high: 110n, anchor: '100:0xaa' });
    expect((await reader.lookup([[ANY_LOG_KEY]], 1n, 1_000n)).heights).toEqual([60n, 105n]);
  });

  it('behavior: a recording that would leave a hole keeps its entries out of the span', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.record(10n, 20n, [], '10:0x01');
    await writer.record(30n, 40n, [{ height: 35n, keys: [addressKey(ADDRESSES[0]!)] }], '30:0x02');
    expect(await reader.span()).toEqual({ low: 10n, high: 20n, anchor: '10:0x01' });
    expect((await reader.lookup([[addressKey(ADDRESSES[0]!)]], 1n, 100n)).heights).toEqual([]);
  });

  it('behavior: lookups outside the span name the span and no heights; clear forgets everything', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.record(10n, 20n, [{ height: 15n, keys: [topicKey(0, TOPICS[0]!)] }], '10:0x01');
    expect(await reader.lookup([[topicKey(0, TOPICS[0]!)]], 21n, 30n)).toEqual({
      span: { low: 10n, high: 20n, anchor: '10:0x01' },
      heights: [],
    });
    await writer.clear();
    expect(await reader.span()).toBeNull();
    expect((await reader.lookup([[topicKey(0, TOPICS[0]!)]], 1n, 30n)).heights).toEqual([]);
  });

  it('behavior: while clear runs, a lookup that still finds a span finds all its heights', async () => {
    const [writer, reader] = await replicas.pair();
    // Enough keys that clearing takes several batches, with lookups between them.
    const blocks = Array.from({ length: 1_500 }, (_, i) => ({
      height: BigInt(i + 1),
      keys: [topicKey(0, TOPICS[0]!), topicKey(1, `0x${(i + 1).toString(16).padStart(64, '0')}`)],
    }));
    await writer.record(1n, 1_500n, blocks, '1:0x01');
    let cleared = false;
    const clearing = writer.clear().then(() => (cleared = true));
    const answers: { span: unknown; heights: number }[] = [];
    while (!cleared) {
      const found = await reader.lookup([[topicKey(0, TOPICS[0]!)]], 1n, 1_500n);
      answers.push({ span: found.span, heights: found.heights.length });
    }
    await clearing;
    expect(answers.filter((answer) => answer.span !== null && answer.heights !== 1_500)).toEqual([]);
    expect(await reader.span()).toBeNull();
  });

  it('property: every lookup equals a brute-force pass, for live and backfilled blocks alike', async () => {
    const [writer, reader] = await replicas.pair();
    const next = seededRandom(20261125);
    const chain = randomChain(next, 600);
    // Live from 301 up in single blocks and small runs, then a backfill down to 1 in chunks.
    await writer.record(301n, 301n, blocksOf(chain, 301n, 301n), '301:0x01');
    for (let from = 302n; from <= 600n; from += 7n) {
      const to = from + 6n > 600n ? 600n : from + 6n;
      await writer.record(from, to, blocksOf(chain, from, to), 'unused');
    }
    for (let to = 300n; to >= 1n; to -= 64n) {
      const from = to - 63n < 1n ? 1n : to - 63n;
      await writer.record(from, to, blocksOf(chain, from, to), 'unused');
    }
    expect(await reader.span()).toEqual({ low: 1n, high: 600n, anchor: '301:0x01' });
    for (let trial = 0; trial < 200; trial++) {
      const groups = randomGroups(next);
      const from = BigInt(1 + Math.floor(next() * 600));
      const to = from + BigInt(Math.floor(next() * 200));
      const expected = [...chain]
        .filter(
          ([h, keys]) =>
            h >= from && h <= to && h <= 600n && groups.every((g) => g.some((k) => keys.includes(k))),
        )
        .map(([h]) => h);
      expect((await reader.lookup(groups, from, to)).heights).toEqual(expected);
    }
  });
});

describe('criteriaKeyGroups', () => {
  it('default: no address and no constrained position looks up every block with a log', () => {
    expect(criteriaKeyGroups(undefined, undefined)).toEqual([[ANY_LOG_KEY]]);
    expect(criteriaKeyGroups([], [null, []])).toEqual([[ANY_LOG_KEY]]);
  });

  it('behavior: addresses are one OR group, each constrained topic position another, keys lowercase', () => {
    expect(criteriaKeyGroups(['0xAB'], [null, ['0xCD', '0xEF']])).toEqual([['a0xab'], ['t10xcd', 't10xef']]);
  });
});

// What the log index costs: an ERC-20-shaped chain (20 contracts, Transfer logs between 5,000 holders,
// 0-8 logs a block) recorded into the Redis index (MEMORY USAGE of its keys) and the memory one (heap
// growth), printed per block and per log, with the time of a 1,000-block lookup by address and topic.
// Needs Redis (PHOTON_TEST_REDIS_URL or 127.0.0.1:6379); run with --expose-gc for the heap figure.
import {
  type IndexedBlock,
  type LogIndex,
  MemoryLogIndex,
  RedisLogIndex,
  blockLogKeys,
  connectRedis,
  criteriaKeyGroups,
} from '@photon/store';
import { randomBusPrefix, seededRandom, testRedisUrl } from '@photon/testing';
import { id, zeroPadValue } from 'ethers';

const BLOCKS = Number(process.env.BENCH_INDEX_BLOCKS ?? 20_000);
const CHUNK = 500;
const TRANSFER = id('Transfer(address,address,uint256)');
const hex = (n: number, bytes: number): string => `0x${n.toString(16).padStart(bytes * 2, '0')}`;
const CONTRACTS = Array.from({ length: 20 }, (_, i) => hex(0x1000 + i, 20));
const HOLDERS = Array.from({ length: 5_000 }, (_, i) => zeroPadValue(hex(0x100000 + i, 20), 32));

function makeChain(): { blocks: IndexedBlock[]; logs: number } {
  const next = seededRandom(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const blocks: IndexedBlock[] = [];
  let logs = 0;
  for (let height = 1; height <= BLOCKS; height++) {
    const count = Math.floor(next() * 9);
    if (count === 0) continue;
    logs += count;
    const blockLogs = Array.from({ length: count }, () => ({
      address: pick(CONTRACTS),
      topics: [TRANSFER, pick(HOLDERS), pick(HOLDERS)],
    }));
    blocks.push({ height: BigInt(height), keys: blockLogKeys(blockLogs) });
  }
  return { blocks, logs };
}

async function record(index: LogIndex, blocks: readonly IndexedBlock[]): Promise<void> {
  for (let from = 1; from <= BLOCKS; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, BLOCKS);
    const inRun = blocks.filter((b) => b.height >= BigInt(from) && b.height <= BigInt(to));
    await index.record(BigInt(from), BigInt(to), inRun, '1:0x00');
  }
}

async function lookupMs(index: LogIndex): Promise<number> {
  const groups = criteriaKeyGroups([CONTRACTS[3]!], [[TRANSFER]]);
  const rounds = 200;
  const started = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) {
    const from = BigInt(1 + ((round * 97) % (BLOCKS - 1_000)));
    await index.lookup(groups, from, from + 999n);
  }
  return Number(process.hrtime.bigint() - started) / 1e6 / rounds;
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function redisBytes(prefix: string, redis: Awaited<ReturnType<typeof connectRedis>>): Promise<number> {
  let bytes = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:logidx:*`, 'COUNT', 1_000);
    for (const key of keys) bytes += Number((await redis.memory('USAGE', key)) ?? 0);
    cursor = next;
  } while (cursor !== '0');
  return bytes;
}

async function main(): Promise<void> {
  const { blocks, logs } = makeChain();
  const line = (name: string, bytes: number, ms: number): void => {
    process.stdout.write(
      `${name.padEnd(8)} ${(bytes / 1024 / 1024).toFixed(1).padStart(7)} MiB  ` +
        `${(bytes / BLOCKS).toFixed(0).padStart(5)} B/block  ${(bytes / logs).toFixed(0).padStart(4)} B/log  ` +
        `lookup (1,000 blocks, address + topic0) ${ms.toFixed(2)} ms\n`,
    );
  };
  process.stdout.write(
    `chain: ${BLOCKS.toLocaleString('en')} blocks, ${logs.toLocaleString('en')} Transfer logs of 20 contracts ` +
      `between 5,000 holders\n`,
  );
  const before = heapUsed();
  const memory = new MemoryLogIndex();
  await record(memory, blocks);
  line('memory', heapUsed() - before, await lookupMs(memory));

  const redis = await connectRedis(new URL(testRedisUrl()), { name: 'log-index-footprint' });
  const prefix = randomBusPrefix();
  const stored = new RedisLogIndex(redis, { prefix });
  try {
    await record(stored, blocks);
    line('redis', await redisBytes(prefix, redis), await lookupMs(stored));
  } finally {
    await stored.clear();
    await redis.quit();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});

// The leader's steps over a chain it reads through a fake: up to the head first, then history in chunks
// down to the floor; a result cap splits a read; an index of another chain is dropped and rebuilt.
import { ANY_LOG_KEY, MemoryLogIndex, addressKey } from '@photon/store';
import { IndexBuilder, type IndexStart } from './index-builder';
import type { IndexedChain, IndexedLog } from './indexed-chain';

const TOKEN = `0x${'11'.repeat(20)}`;

/** Blocks 1..head; every third block holds one token log; `cap` logs at most per read, like --logs-max-results. */
function fakeChain(head: bigint, options: { cap?: number; earliest?: bigint } = {}) {
  const reads: [bigint, bigint][] = [];
  const logsOf = (from: bigint, to: bigint): IndexedLog[] => {
    const logs: IndexedLog[] = [];
    for (let height = from; height <= to && height <= head; height++) {
      if (height % 3n === 0n) logs.push({ blockNumber: height, address: TOKEN, topics: [] });
    }
    return logs;
  };
  const chain: IndexedChain = {
    logs: (from, to) => {
      reads.push([from, to]);
      const logs = logsOf(from, to);
      if (options.cap !== undefined && logs.length > options.cap) {
        return Promise.reject(Object.assign(new Error('too many'), { code: -32005 }));
      }
      return Promise.resolve(logs);
    },
    blockLogs: (height) => Promise.resolve(logsOf(height, height)),
    blockHash: (height) =>
      Promise.resolve(height <= head && height >= (options.earliest ?? 1n) ? `0x${height}` : null),
    earliest: () => Promise.resolve(options.earliest ?? 1n),
  };
  return { chain, reads };
}

async function runToEnd(builder: IndexBuilder, published: bigint): Promise<number> {
  let steps = 1;
  while ((await builder.step(published)) !== null) steps++;
  return steps;
}

const FROM_GENESIS: IndexStart = { kind: 'height', height: 1n };

describe(IndexBuilder.name, () => {
  it('default: starts at the published head, then backfills down to the first block in chunks', async () => {
    const index = new MemoryLogIndex();
    const { chain, reads } = fakeChain(100n);
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 25n, () => undefined);
    const first = await builder.step(100n);
    expect(first?.span).toMatchObject({ low: 75n, high: 100n, anchor: '100:0x100' });
    expect(reads).toEqual([
      [100n, 100n],
      [75n, 99n],
    ]);
    expect(await runToEnd(builder, 100n)).toBe(3);
    expect(await index.span()).toMatchObject({ low: 1n, high: 100n });
    expect((await index.lookup([[addressKey(TOKEN)]], 1n, 100n)).heights).toHaveLength(33);
  });

  it('behavior: each step first brings the index up to the newly published head', async () => {
    const index = new MemoryLogIndex();
    const { chain } = fakeChain(200n);
    const builder = new IndexBuilder(index, chain, { kind: 'depth', blocks: 10n }, 25n, () => undefined);
    expect(await runToEnd(builder, 100n)).toBe(1);
    expect(await index.span()).toMatchObject({ low: 91n, high: 100n });
    expect(await builder.step(160n)).toBeNull();
    expect(await index.span()).toMatchObject({ low: 91n, high: 160n });
    expect((await index.lookup([[ANY_LOG_KEY]], 91n, 160n)).heights[0]).toBe(93n);
  });

  it('behavior: a read past the result cap is split until each part fits', async () => {
    const index = new MemoryLogIndex();
    const { chain, reads } = fakeChain(60n, { cap: 4 });
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 60n, () => undefined);
    await runToEnd(builder, 60n);
    expect(await index.span()).toMatchObject({ low: 1n, high: 60n });
    expect((await index.lookup([[addressKey(TOKEN)]], 1n, 60n)).heights).toHaveLength(20);
    expect(reads.length).toBeGreaterThan(2);
  });

  it('error: a published head the engine does not have starts no span', async () => {
    const index = new MemoryLogIndex();
    const { chain } = fakeChain(50n);
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 25n, () => undefined);
    await expect(builder.step(60n)).rejects.toThrow('log index: block 60 is not on the engine');
    expect(await index.span()).toBeNull();
  });

  it('behavior: the floor is never below the engine’s earliest retained block', async () => {
    const index = new MemoryLogIndex();
    const { chain } = fakeChain(100n, { earliest: 40n });
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 100n, () => undefined);
    await runToEnd(builder, 100n);
    expect(await index.span()).toMatchObject({ low: 40n, high: 100n });
  });

  it('behavior: an index whose first block has another hash now is dropped and rebuilt', async () => {
    const index = new MemoryLogIndex();
    await index.record(50n, 50n, [{ height: 50n, keys: [addressKey(`0x${'99'.repeat(20)}`)] }], '50:0xother');
    const notes: string[] = [];
    const { chain } = fakeChain(80n);
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 100n, (line) => notes.push(line));
    await runToEnd(builder, 80n);
    expect(notes).toEqual([expect.stringContaining('built from another chain')]);
    expect(await index.span()).toMatchObject({ low: 1n, high: 80n, anchor: '80:0x80' });
    expect((await index.lookup([[addressKey(`0x${'99'.repeat(20)}`)]], 1n, 80n)).heights).toEqual([]);
  });

  it('behavior: an index of this chain is kept by a new leader, and one whose first block was pruned too', async () => {
    const index = new MemoryLogIndex();
    const { chain } = fakeChain(80n, { earliest: 60n });
    await index.record(50n, 80n, [], '50:0xgone');
    const notes: string[] = [];
    const builder = new IndexBuilder(index, chain, FROM_GENESIS, 100n, (line) => notes.push(line));
    await runToEnd(builder, 80n);
    expect(notes).toEqual([]);
    expect(await index.span()).toMatchObject({ low: 50n, high: 80n, anchor: '50:0xgone' });
  });
});

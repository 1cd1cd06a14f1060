// The reads kept by content: one trie read per (root, key), the same value at a root after that, and the
// oldest entries dropped past the bound.
import { CommittedReads } from './committed-reads';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe(CommittedReads.name, () => {
  it('default: a (root, key) is read once, then answered from memory', async () => {
    const reads = new CommittedReads();
    let loads = 0;
    const load = () => Promise.resolve((loads += 1) === 1 ? bytes(1) : bytes(2));
    expect(await reads.account(bytes(0xaa), bytes(1), load)).toEqual(bytes(1));
    expect(await reads.account(bytes(0xaa), bytes(1), load)).toEqual(bytes(1));
    expect(loads).toBe(1);
  });

  it('behavior: another root, key or kind is another entry; an absent value is kept too', async () => {
    const reads = new CommittedReads();
    const absent = () => Promise.resolve(null);
    expect(await reads.account(bytes(0xaa), bytes(1), absent)).toBeNull();
    expect(await reads.account(bytes(0xbb), bytes(1), () => Promise.resolve(bytes(7)))).toEqual(bytes(7));
    expect(await reads.slot(bytes(0xaa), bytes(1), () => Promise.resolve(bytes(8)))).toEqual(bytes(8));
    expect(await reads.account(bytes(0xaa), bytes(1), () => Promise.resolve(bytes(9)))).toBeNull();
    expect(reads.size).toBe(3);
  });

  it('behavior: code is handed out as the same bytes object every time', async () => {
    const reads = new CommittedReads();
    const first = await reads.code(bytes(0xcc), () => Promise.resolve(bytes(0x60, 0x00)));
    expect(await reads.code(bytes(0xcc), () => Promise.resolve(bytes(0x60, 0x00)))).toBe(first);
  });

  it('behavior: past the bound the oldest entry goes first', async () => {
    const reads = new CommittedReads(2);
    for (const key of [1, 2, 3]) await reads.slot(bytes(0), bytes(key), () => Promise.resolve(bytes(key)));
    expect(reads.size).toBe(2);
    expect(await reads.slot(bytes(0), bytes(1), () => Promise.resolve(bytes(0x11)))).toEqual(bytes(0x11));
    expect(await reads.slot(bytes(0), bytes(3), () => Promise.resolve(bytes(0x33)))).toEqual(bytes(3));
  });
});

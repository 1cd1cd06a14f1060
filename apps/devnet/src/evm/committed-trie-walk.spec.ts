// CommittedTrieWalk answers what MerklePatriciaTrie.get answers on the same key-hashing trie: for present and
// absent keys, values short enough to be inlined in their parent, roots of every size, the empty trie, an
// earlier root of the same node store, and nodes the store does not have.
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import fc from 'fast-check';
import { createPhotonCommon } from './common';
import { CommittedTrieWalk } from './committed-trie-walk';

const common = createPhotonCommon(9000n);

const keyArb = fc.uint8Array({ minLength: 1, maxLength: 40 });
// Values from 1 byte (leaves under 32 bytes, inlined in their parent) to 80 (stored apart).
const valueArb = fc.uint8Array({ minLength: 1, maxLength: 80 });

async function trieOf(entries: readonly (readonly [Uint8Array, Uint8Array])[]): Promise<MerklePatriciaTrie> {
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common });
  for (const [key, value] of entries) await trie.put(key, value);
  return trie;
}

describe(CommittedTrieWalk.name, () => {
  it('default: every key, present or not, reads as trie.get reads it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(keyArb, valueArb), { maxLength: 60 }),
        fc.array(keyArb, { maxLength: 20 }),
        async (entries, others) => {
          const trie = await trieOf(entries);
          const walk = new CommittedTrieWalk();
          for (const key of [...entries.map(([k]) => k), ...others]) {
            expect(await walk.get(trie.database(), trie.root(), key)).toEqual(await trie.get(key));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('behavior: an earlier root of the same nodes reads its own values, through nodes kept from the later one', async () => {
    const key = Uint8Array.of(1);
    const trie = await trieOf([
      [key, Uint8Array.of(7)],
      [Uint8Array.of(2), new Uint8Array(40).fill(2)],
    ]);
    const first = trie.root();
    await trie.put(key, Uint8Array.of(8));
    const walk = new CommittedTrieWalk();
    expect(await walk.get(trie.database(), trie.root(), key)).toEqual(Uint8Array.of(8));
    expect(await walk.get(trie.database(), first, key)).toEqual(Uint8Array.of(7));
    expect(walk.size).toBeGreaterThan(0);
  });

  it('edge: the empty trie, and a root the store lacks, have no values (as trie.get says)', async () => {
    const empty = await trieOf([]);
    const walk = new CommittedTrieWalk();
    expect(await walk.get(empty.database(), empty.root(), Uint8Array.of(1))).toBeNull();
    const unknownRoot = new Uint8Array(32).fill(0xab);
    empty.root(unknownRoot);
    expect(await empty.get(Uint8Array.of(1))).toBeNull();
    expect(await walk.get(empty.database(), unknownRoot, Uint8Array.of(1))).toBeNull();
  });

  it('behavior: past its bound the walk starts its decoded nodes over and still answers', async () => {
    const entries = Array.from(
      { length: 40 },
      (_, i) => [Uint8Array.of(i), new Uint8Array(40).fill(i)] as const,
    );
    const trie = await trieOf(entries);
    const walk = new CommittedTrieWalk(3);
    for (const [key, value] of entries) {
      expect(await walk.get(trie.database(), trie.root(), key)).toEqual(value);
      expect(walk.size).toBeLessThanOrEqual(3);
    }
  });
});

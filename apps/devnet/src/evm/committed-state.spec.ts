// CommittedState: reads at a root answer what a MerkleStateManager at that root answers, for present and
// absent accounts, slots and code, and a later root's change does not reach an earlier root's reads.
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { MerkleStateManager } from '@ethereumjs/statemanager';
import { type Address, createAccount, createAddressFromString } from '@ethereumjs/util';
import { createPhotonCommon } from './common';
import { CommittedReads } from './committed-reads';
import { CommittedState } from './committed-state';
import { CommittedTrieWalk } from './committed-trie-walk';

const common = createPhotonCommon(9000n);
const holder = createAddressFromString(`0x${'1'.repeat(40)}`);
const contract = createAddressFromString(`0x${'2'.repeat(40)}`);
const absent = createAddressFromString(`0x${'3'.repeat(40)}`);
const slotOf = (n: number): Uint8Array => Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? n : 0));
const CODE = Uint8Array.of(0x60, 0x00, 0x60, 0x00, 0xf3);

async function committedChain() {
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common });
  const writer = new MerkleStateManager({ common, trie });
  await writer.putAccount(holder, createAccount({ balance: 5n, nonce: 2n }));
  await writer.putAccount(contract, createAccount({ balance: 0n }));
  await writer.putCode(contract, CODE);
  await writer.putStorage(contract, slotOf(0), Uint8Array.of(7));
  await writer.putStorage(contract, slotOf(1), Uint8Array.of(0, 0, 1, 2));
  await writer.flush();
  const firstRoot = trie.root();
  await writer.putAccount(holder, createAccount({ balance: 9n, nonce: 3n }));
  await writer.putStorage(contract, slotOf(0), Uint8Array.of(8));
  await writer.flush();
  const trieAt = (root: Uint8Array): MerklePatriciaTrie => {
    const copy = trie.shallowCopy(false);
    copy.root(root);
    return copy;
  };
  return { trieAt, nodes: trie.database(), firstRoot, secondRoot: trie.root() };
}

/** What a fresh MerkleStateManager at `root` reads, the answer CommittedState must give. */
async function reference(
  trieAt: (root: Uint8Array) => MerklePatriciaTrie,
  root: Uint8Array,
  address: Address,
) {
  const state = new MerkleStateManager({ common, trie: trieAt(root) });
  const account = await state.getAccount(address);
  return {
    account: account === undefined ? undefined : [account.balance, account.nonce, account.storageRoot],
    slots: await Promise.all([0, 1, 2].map((n) => state.getStorage(address, slotOf(n)))),
    code: await state.getCode(address),
  };
}

describe(CommittedState.name, () => {
  it('default: each root reads what a state manager at that root reads', async () => {
    const { trieAt, nodes, firstRoot, secondRoot } = await committedChain();
    const committed = new CommittedState(nodes, new CommittedReads(), new CommittedTrieWalk());
    for (const root of [secondRoot, firstRoot, secondRoot]) {
      for (const address of [holder, contract, absent]) {
        const account = await committed.account(root, address);
        expect({
          account: account === undefined ? undefined : [account.balance, account.nonce, account.storageRoot],
          slots: await Promise.all([0, 1, 2].map((n) => committed.storage(root, address, slotOf(n)))),
          code: await committed.code(root, address),
        }).toEqual(await reference(trieAt, root, address));
      }
    }
    expect((await committed.account(firstRoot, holder))?.balance).toBe(5n);
    expect(await committed.storage(secondRoot, contract, slotOf(0))).toEqual(Uint8Array.of(8));
    expect(await committed.code(firstRoot, contract)).toEqual(CODE);
  });

  it('edge: a key that is not 32 bytes is refused, as MerkleStateManager refuses it', async () => {
    const { nodes, firstRoot } = await committedChain();
    const committed = new CommittedState(nodes, new CommittedReads(), new CommittedTrieWalk());
    await expect(committed.storage(firstRoot, contract, new Uint8Array(31))).rejects.toThrow(RangeError);
  });

  it('behavior: a node is fetched from the store once, however many reads and roots pass through it', async () => {
    const { nodes, firstRoot, secondRoot } = await committedChain();
    const fetches = jest.spyOn(nodes, 'get');
    const committed = new CommittedState(nodes, new CommittedReads(), new CommittedTrieWalk());
    const addresses = Array.from({ length: 5 }, (_, n) =>
      createAddressFromString(`0x${String(n).repeat(40)}`),
    );
    for (const address of addresses) await committed.account(firstRoot, address);
    const firstRound = fetches.mock.calls.length;
    expect(firstRound).toBeGreaterThan(0);
    // Other accounts at the same root, then the later root, whose unchanged nodes are the same nodes.
    for (const n of [5, 6, 7])
      await committed.account(firstRoot, createAddressFromString(`0x${String(n).repeat(40)}`));
    for (const address of addresses) await committed.account(secondRoot, address);
    const fetched = fetches.mock.calls.map(([hash]) => Buffer.from(hash).toString('hex'));
    expect(new Set(fetched).size).toBe(fetched.length);
  });
});

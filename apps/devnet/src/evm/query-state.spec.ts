// QueryStateManager: a call's reads of committed values stay in the caches after its revert, its writes do
// not, and past a bound the caches start over.
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { MerkleStateManager } from '@ethereumjs/statemanager';
import { createAccount, createAddressFromString } from '@ethereumjs/util';
import { createPhotonCommon } from './common';
import { CommittedReads } from './committed-reads';
import { CommittedTrieWalk } from './committed-trie-walk';
import { QueryStateManager } from './query-state';

const common = createPhotonCommon(9000n);
const addresses = [1, 2, 3].map((n) => createAddressFromString(`0x${String(n).repeat(40)}`));
const slot = new Uint8Array(32);
const otherSlot = Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 1 : 0));
const absentSlot = Uint8Array.from({ length: 32 }, (_, i) => (i === 31 ? 2 : 0));

async function committedTrie(): Promise<MerklePatriciaTrie> {
  const trie = new MerklePatriciaTrie({ useKeyHashing: true, common });
  const writer = new MerkleStateManager({ common, trie });
  for (const [index, address] of addresses.entries()) {
    await writer.putAccount(address, createAccount({ balance: BigInt(index + 1) }));
  }
  await writer.putStorage(addresses[0]!, slot, Uint8Array.of(7));
  await writer.putStorage(addresses[0]!, otherSlot, Uint8Array.of(8));
  await writer.putStorage(addresses[1]!, slot, Uint8Array.of(5));
  await writer.flush();
  return trie;
}

async function queryState(maxKeptReads?: number) {
  const reads = new CommittedReads();
  const loads = jest.spyOn(reads, 'account');
  const state = new QueryStateManager(
    { common, trie: await committedTrie() },
    reads,
    new CommittedTrieWalk(),
    maxKeptReads,
  );
  return { state, loads };
}

/** Runs `call` the way a query call runs: inside a checkpoint that is reverted. */
async function inCall(state: QueryStateManager, call: () => Promise<unknown>): Promise<void> {
  await state.checkpoint();
  await call();
  await state.revert();
}

describe(QueryStateManager.name, () => {
  it('default: what a call read is in the caches for the next call', async () => {
    const { state, loads } = await queryState();
    await inCall(state, () => state.getAccount(addresses[0]!));
    expect(loads).toHaveBeenCalledTimes(1);
    await inCall(state, async () => expect((await state.getAccount(addresses[0]!))?.balance).toBe(1n));
    expect(loads).toHaveBeenCalledTimes(1);
    expect(state.settled).toBe(true);
  });

  it('behavior: what a call wrote is gone for the next call', async () => {
    const { state } = await queryState();
    await inCall(state, async () => {
      await state.putAccount(addresses[0]!, createAccount({ balance: 99n }));
      await state.putStorage(addresses[0]!, slot, Uint8Array.of(9));
    });
    await inCall(state, async () => {
      expect((await state.getAccount(addresses[0]!))?.balance).toBe(1n);
      expect(await state.getStorage(addresses[0]!, slot)).toEqual(Uint8Array.of(7));
    });
    await inCall(state, async () => {
      await state.getStorage(addresses[0]!, slot);
      await state.putStorage(addresses[0]!, slot, Uint8Array.of(9));
    });
    await inCall(state, async () =>
      expect(await state.getStorage(addresses[0]!, slot)).toEqual(Uint8Array.of(7)),
    );
  });

  it('behavior: past the bound the caches start over', async () => {
    const { state, loads } = await queryState(2);
    await inCall(state, () => Promise.all(addresses.map((address) => state.getAccount(address))));
    expect(loads).toHaveBeenCalledTimes(3);
    await inCall(state, () => state.getAccount(addresses[0]!));
    expect(loads).toHaveBeenCalledTimes(4);
  });

  it('behavior: slots are read through the decoded nodes, with no trie made per storage root', async () => {
    const { state } = await queryState();
    const copies = jest.spyOn(MerklePatriciaTrie.prototype, 'shallowCopy');
    try {
      await inCall(state, async () => {
        expect(await state.getStorage(addresses[0]!, slot)).toEqual(Uint8Array.of(7));
        expect(await state.getStorage(addresses[1]!, slot)).toEqual(Uint8Array.of(5));
      });
      await inCall(state, async () => {
        expect(await state.getStorage(addresses[0]!, otherSlot)).toEqual(Uint8Array.of(8));
        expect(await state.getStorage(addresses[0]!, absentSlot)).toEqual(new Uint8Array());
        expect(await state.getStorage(addresses[1]!, absentSlot)).toEqual(new Uint8Array());
      });
      // Making a trie per storage root was a twentieth of a distinct-slot eth_call: none is made now.
      expect(copies).not.toHaveBeenCalled();
    } finally {
      copies.mockRestore();
    }
  });

  it('behavior: a caller may change the account it read: a later read gets the cached account as it was', async () => {
    const { state } = await queryState();
    await inCall(state, async () => {
      const first = await state.getAccount(addresses[0]!);
      if (first === undefined) throw new Error('the account is committed');
      first.balance = 99n;
      first.nonce = 7n;
      expect(await state.getAccount(addresses[0]!)).toMatchObject({ balance: 1n, nonce: 0n });
      // A put is read back as put, and the committed value returns after the revert.
      await state.putAccount(addresses[0]!, first);
      expect(await state.getAccount(addresses[0]!)).toMatchObject({ balance: 99n, nonce: 7n });
    });
    await inCall(state, async () => {
      expect(await state.getAccount(addresses[0]!)).toMatchObject({ balance: 1n, nonce: 0n });
      expect(await state.getAccount(createAddressFromString(`0x${'9'.repeat(40)}`))).toBeUndefined();
    });
  });

  it('error: a checkpoint left open leaves the state unsettled', async () => {
    const { state } = await queryState();
    await state.checkpoint();
    await inCall(state, () => state.getAccount(addresses[0]!));
    expect(state.settled).toBe(false);
  });
});

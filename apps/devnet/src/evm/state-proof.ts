// Merkle-Patricia proofs of the state after a height, what the devnet's `abci_query store/…/key` with
// prove=true carries: trie nodes from the state root (the next header's app_hash) down to an account, and
// from an account's storage root down to a slot.
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import { getMerkleStateProof } from '@ethereumjs/statemanager';
import { createAddressFromString, hexToBytes, setLengthLeft } from '@ethereumjs/util';
import type { Hex } from './types';

export interface AccountProof {
  /** The account as the state trie holds it (RLP [nonce, balance, storageRoot, codeHash]); null when absent. */
  readonly account: Uint8Array | null;
  /** The state-trie nodes on the path of keccak(address), root first. */
  readonly nodes: readonly Uint8Array[];
}

export interface SlotProof {
  /** The 32-byte value, as Ethermint's x/evm store keeps it; null when the slot is zero (never stored). */
  readonly value: Uint8Array | null;
  /** The storage-trie nodes on the path of keccak(slot), from the account's storage root; none when empty. */
  readonly nodes: readonly Uint8Array[];
}

/** The account's proof in `state`. */
export async function proveAccount(state: MerkleStateManager, address: Hex): Promise<AccountProof> {
  const at = createAddressFromString(address);
  const proof = await getMerkleStateProof(state, at);
  const account = await state.getAccount(at);
  return { account: account?.serialize() ?? null, nodes: proof.accountProof.map((node) => hexToBytes(node)) };
}

/** The proof of one 32-byte slot of `address` in `state` (an absent account has an empty storage). */
export async function proveSlot(
  state: MerkleStateManager,
  address: Hex,
  slot: Uint8Array,
): Promise<SlotProof> {
  const at = createAddressFromString(address);
  const proof = await getMerkleStateProof(state, at, [slot]);
  const entry = proof.storageProof[0];
  const stored = await state.getStorage(at, slot);
  return {
    value: stored.length === 0 ? null : setLengthLeft(stored, 32),
    nodes: entry === undefined ? [] : entry.proof.map((node) => hexToBytes(node)),
  };
}

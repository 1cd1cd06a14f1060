// `abci_query store/<store>/key`, the raw store reads Ethermint's eth_getProof asks with prove=true
// (rpc/types/query_client.go GetProof): the x/evm store's storage slots (key 0x02 | address | slot) and the
// auth store's accounts (key 0x01 | address). Values are what Ethermint's stores hold where it matters (a
// slot's 32 bytes); the proofs are of the devnet's own state, a Merkle-Patricia trie, not IAVL: one ProofOp
// per trie node, so the ops together chain the value to the state root, the app_hash of the next header.
import type { AccountProof, EvmChain, SlotProof } from '../evm';
import { errorResponse, type ProofOp, proofResponse, type AbciQueryResponse } from './query-response';
import { QueryErrors, SdkError } from './query-errors';

/** x/evm's KeyPrefixStorage and x/auth's AddressStoreKeyPrefix. */
const EVM_STORAGE_PREFIX = 0x02;
const AUTH_ACCOUNT_PREFIX = 0x01;
const ADDRESS_BYTES = 20;
const SLOT_BYTES = 32;

/** ProofOp types: a state-trie node on the path of keccak(address), a storage-trie node on that of keccak(slot). */
export const ACCOUNT_TRIE_OP = 'mpt:account';
export const STORAGE_TRIE_OP = 'mpt:storage';

export interface StoreQuery {
  /** The path split on "/": ['store', <store name>, <subpath>…]. */
  readonly parts: readonly string[];
  /** The store key (the RPC's hex `data`). */
  readonly key: Uint8Array;
  /** The height, 0 already replaced by the latest. */
  readonly height: bigint;
  readonly prove: boolean;
}

const hex = (bytes: Uint8Array): `0x${string}` => `0x${Buffer.from(bytes).toString('hex')}`;

/** handleQueryStore + the multistore's and the store's Query, over the devnet's state. */
export async function storeQuery(
  evm: EvmChain,
  query: StoreQuery,
  latest: bigint,
): Promise<AbciQueryResponse> {
  const { parts, key, height, prove } = query;
  if (height <= 1n && prove) {
    return errorResponse(
      new SdkError(
        QueryErrors.invalidRequest,
        'cannot query with proof when height <= 1; please provide a valid height',
      ),
    );
  }
  const [, store = '', ...rest] = parts;
  if (store !== 'evm' && store !== 'acc') {
    return errorResponse(new SdkError(QueryErrors.unknownRequest, `no such store: ${store}`));
  }
  const subpath = `/${rest.join('/')}`;
  if (subpath !== '/key') {
    return errorResponse(new SdkError(QueryErrors.unknownRequest, `unexpected query path: ${subpath}`));
  }
  if (key.length === 0) {
    return errorResponse(new SdkError(QueryErrors.invalidRequest, 'query cannot be zero length'));
  }
  if (height > latest) {
    return errorResponse(
      new SdkError(
        QueryErrors.invalidHeight,
        'cannot query with height in the future; please provide a valid height',
      ),
    );
  }
  return store === 'evm' ? evmStoreKey(evm, key, height, prove) : authStoreKey(evm, key, height, prove);
}

async function evmStoreKey(evm: EvmChain, key: Uint8Array, height: bigint, prove: boolean) {
  if (key.length !== 1 + ADDRESS_BYTES + SLOT_BYTES || key[0] !== EVM_STORAGE_PREFIX) {
    return errorResponse(
      new SdkError(
        QueryErrors.notSupported,
        'the devnet answers x/evm store keys of storage slots only (0x02 | 20-byte address | 32-byte slot)',
      ),
    );
  }
  const address = hex(key.subarray(1, 1 + ADDRESS_BYTES));
  const slot = key.subarray(1 + ADDRESS_BYTES);
  const at = Number(height);
  const slotProof = await evm.proveSlot(address, slot, at);
  const ops = prove ? slotOps(slot, slotProof, address, await evm.proveAccount(address, at)) : null;
  return proofResponse({ key, value: slotProof.value, height, ops });
}

async function authStoreKey(evm: EvmChain, key: Uint8Array, height: bigint, prove: boolean) {
  if (key.length !== 1 + ADDRESS_BYTES || key[0] !== AUTH_ACCOUNT_PREFIX) {
    return errorResponse(
      new SdkError(
        QueryErrors.notSupported,
        'the devnet answers auth store keys of accounts only (0x01 | 20-byte address)',
      ),
    );
  }
  const address = hex(key.subarray(1));
  const proof = await evm.proveAccount(address, Number(height));
  const ops = prove ? accountOps(key.subarray(1), proof) : null;
  return proofResponse({ key, value: proof.account, height, ops });
}

function accountOps(address: Uint8Array, proof: AccountProof): ProofOp[] {
  return proof.nodes.map((node) => ({ type: ACCOUNT_TRIE_OP, key: address, data: node }));
}

/** The slot's storage-trie nodes, then the account's state-trie nodes that carry its storage root. */
function slotOps(
  slot: Uint8Array,
  proof: SlotProof,
  address: `0x${string}`,
  account: AccountProof,
): ProofOp[] {
  const storage = proof.nodes.map((node) => ({ type: STORAGE_TRIE_OP, key: slot, data: node }));
  return [...storage, ...accountOps(Buffer.from(address.slice(2), 'hex'), account)];
}

// The store reads behind eth_getProof, as Ethermint sends them (rpc/types/query_client.go GetProof):
// abci_query `store/<store>/key` with prove=true at a height, the x/evm store for a storage slot (key
// 0x02 | address | slot) and the auth store for an account (key 0x01 | address). A real node proves them
// with IAVL and multistore ProofOps; the devnet with Merkle-Patricia trie nodes (`mpt:account`,
// `mpt:storage` ops, apps/devnet/README.md).
import { RLP } from '@ethereumjs/rlp';
import { EMPTY_TRIE_ROOT } from '@photon/codec';
import { type Hex } from '@photon/types';
import { type CometProofOp } from '../comet/types';
import { EngineResponseError } from '../errors';
import { type CometHttpClient } from '../http/comet-http-client';
import { abciValue } from './abci-answer';

/** A store value (empty when the key is absent) and the ProofOps that prove it. */
export interface StoreProof {
  readonly value: Uint8Array;
  readonly proofOps: readonly CometProofOp[];
}

/** x/evm's store key and KeyPrefixStorage; x/auth's store key and AddressStoreKeyPrefix. */
const EVM_STORE_PATH = 'store/evm/key';
const EVM_STORAGE_PREFIX = 0x02;
const AUTH_STORE_PATH = 'store/acc/key';
const AUTH_ACCOUNT_PREFIX = 0x01;

/** The devnet's op of a state-trie node: its account proofs are Ethereum's (EIP-1186 accountProof). */
export const MPT_ACCOUNT_OP = 'mpt:account';
const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;

const bytes = (hex: Hex): Uint8Array => Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));

export class StoreProofClient {
  constructor(private readonly comet: CometHttpClient) {}

  /** A storage slot (`slot`: 32 bytes, 0x hex) of `address` in the state after `height`. */
  storageSlot(address: Hex, slot: Hex, height: bigint): Promise<StoreProof> {
    const key = Uint8Array.from([EVM_STORAGE_PREFIX, ...bytes(address), ...bytes(slot)]);
    return this.prove(EVM_STORE_PATH, key, height);
  }

  /** The account of `address` in the state after `height`. */
  account(address: Hex, height: bigint): Promise<StoreProof> {
    return this.prove(AUTH_STORE_PATH, Uint8Array.from([AUTH_ACCOUNT_PREFIX, ...bytes(address)]), height);
  }

  private async prove(path: string, key: Uint8Array, height: bigint): Promise<StoreProof> {
    const answer = await this.comet.abciQuery(path, key, height, true);
    return { value: abciValue(path, answer, height), proofOps: answer.proofOps };
  }
}

/**
 * The storage root an account's proof shows: on the devnet (Merkle-Patricia ops) the account's own, the
 * empty trie's when it has none; on Ethermint the zero hash, its answer, as IAVL keeps no root per account.
 */
export function provenStorageRoot(account: StoreProof): Hex {
  const mpt = account.proofOps.length > 0 && account.proofOps.every((op) => op.type === MPT_ACCOUNT_OP);
  if (!mpt) return ZERO_HASH;
  if (account.value.length === 0) return EMPTY_TRIE_ROOT;
  const fields = RLP.decode(account.value);
  const root = Array.isArray(fields) ? fields[2] : undefined;
  if (!(root instanceof Uint8Array) || root.length !== 32)
    throw new EngineResponseError(
      AUTH_STORE_PATH,
      'the account is not an RLP [nonce, balance, storageRoot, codeHash]',
    );
  return `0x${Buffer.from(root).toString('hex')}`;
}

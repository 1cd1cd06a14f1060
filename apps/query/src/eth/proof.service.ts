// eth_getProof as Ethermint answers it (rpc/backend/account_info.go GetProof): the account through x/evm's
// Account query, its proof and each slot's through `abci_query store/…/key` with prove=true at the block's
// height, each ProofOp's bytes one proof string. On the devnet those ops are Merkle-Patricia trie nodes, so
// the answer is an EIP-1186 proof; on an Ethermint node they are IAVL and multistore proofs (docs/conformance.md).
import { Injectable } from '@nestjs/common';
import { type BlockParam, InvalidInputError, type ProofStorageKey } from '@photon/codec';
import {
  type CometProofOp,
  EvmQueryClient,
  provenStorageRoot,
  type StoreProof,
  StoreProofClient,
} from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from '../engine/chain-head';

/** Slot proofs read from the engine at once. */
const PROOF_READS_AT_ONCE = 16;
/**
 * Ethermint's floor (rpc/types/query_client.go): the Cosmos SDK's proofs at height 2 and below are wrong
 * (cosmos-sdk#6567), so a proof at them is refused rather than answered unverifiable.
 */
const LOWEST_PROOF_HEIGHT = 3n;

export interface SlotProof {
  readonly key: string;
  readonly value: bigint;
  readonly proof: Hex[];
}

export interface AccountProof {
  readonly address: Hex;
  readonly balance: bigint;
  readonly nonce: bigint;
  readonly codeHash: Hex;
  readonly storageHash: Hex;
  readonly accountProof: Hex[];
  readonly storageProof: SlotProof[];
}

const toHex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;

/** GetHexProofs: one string per ProofOp, its data. */
const proofStrings = (ops: readonly CometProofOp[]): Hex[] => ops.map((op) => toHex(op.data));

@Injectable()
export class ProofService {
  constructor(
    private readonly head: ChainHead,
    private readonly resolver: BlockResolver,
    private readonly evm: EvmQueryClient,
    private readonly store: StoreProofClient,
  ) {}

  async proof(
    address: Hex,
    keys: readonly ProofStorageKey[],
    block: BlockParam | undefined,
  ): Promise<AccountProof> {
    const height = await this.heightOf(block);
    if (height < LOWEST_PROOF_HEIGHT)
      throw new InvalidInputError('proof queries at height <= 2 are not supported');
    const storageProof = await this.slotProofs(address, keys, height);
    const [account, accountProof] = await Promise.all([
      this.evm.account(address, height),
      this.store.account(address, height),
    ]);
    return {
      address,
      balance: account.balance,
      nonce: account.nonce,
      codeHash: account.codeHash,
      storageHash: provenStorageRoot(accountProof),
      accountProof: proofStrings(accountProof.proofOps),
      storageProof,
    };
  }

  private async slotProofs(
    address: Hex,
    keys: readonly ProofStorageKey[],
    height: bigint,
  ): Promise<SlotProof[]> {
    const proofs: SlotProof[] = [];
    for (let start = 0; start < keys.length; start += PROOF_READS_AT_ONCE) {
      const batch = keys.slice(start, start + PROOF_READS_AT_ONCE);
      const answers = await Promise.all(
        batch.map(({ slot }) => this.store.storageSlot(address, slot as Hex, height)),
      );
      answers.forEach((answer: StoreProof, index) => {
        const { key } = batch[index] as ProofStorageKey;
        proofs.push({ key, value: slotValue(answer.value), proof: proofStrings(answer.proofOps) });
      });
    }
    return proofs;
  }

  /** The height whose state `block` names (the head for tags other than `earliest`); unknown: header not found. */
  private async heightOf(block: BlockParam | undefined): Promise<bigint> {
    if (block === undefined || (block.kind === 'tag' && block.tag !== 'earliest')) return this.head.latest();
    return this.resolver.stateHeight(block);
  }
}

/** The stored bytes as a number (`new(big.Int).SetBytes`): absent is 0. */
const slotValue = (bytes: Uint8Array): bigint => (bytes.length === 0 ? 0n : BigInt(toHex(bytes)));

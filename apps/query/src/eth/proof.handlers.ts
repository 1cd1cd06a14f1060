// Handler of eth_getProof (EIP-1186): account and storage values at a block with the engine's proofs.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { ClientLimitExceededError, decodeParams, encodeQuantity, EthGetProofParams } from '@photon/codec';
import type { Hex } from '@photon/types';
import { ProofService } from './proof.service';

/**
 * Storage keys one eth_getProof may ask for (geth sets none): each is one proven engine read, and 1,024
 * proofs of about 4 kB each keep the answer near 4 MB, under the batch response cap (README limits).
 */
export const MAX_PROOF_STORAGE_KEYS = 1_024;

export interface AccountProofJson {
  address: string;
  accountProof: string[];
  balance: string;
  codeHash: string;
  nonce: string;
  storageHash: string;
  storageProof: { key: string; value: string; proof: string[] }[];
}

@Injectable()
export class ProofHandlers {
  constructor(private readonly proofs: ProofService) {}

  /** Handler for eth_getProof. */
  @RpcMethod('eth_getProof')
  async getProof(params: unknown): Promise<AccountProofJson> {
    const { address, storageKeys, block } = decodeParams(EthGetProofParams, params);
    if (storageKeys.length > MAX_PROOF_STORAGE_KEYS)
      throw new ClientLimitExceededError(`too many storage keys (max ${MAX_PROOF_STORAGE_KEYS})`);
    const proof = await this.proofs.proof(address.toLowerCase() as Hex, storageKeys, block);
    return {
      address: proof.address,
      accountProof: proof.accountProof,
      balance: encodeQuantity(proof.balance),
      codeHash: proof.codeHash,
      nonce: encodeQuantity(proof.nonce),
      storageHash: proof.storageHash,
      storageProof: proof.storageProof.map(({ key, value, proof: nodes }) => ({
        key,
        value: encodeQuantity(value),
        proof: nodes,
      })),
    };
  }
}

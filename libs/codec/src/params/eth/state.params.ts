// Params of the account-state reads: balance, code, nonce, storage and proofs at a block
// (absent block: latest, as the spec allows; geth requires it).
import type { BlockParam, ProofStorageKey } from '../../primitives';
import { decodeProofStorageKey } from '../../primitives';
import { Param } from '../param-index';
import { IsAddress, IsBlockParam, IsListOf, IsStorageKey } from '../validators';
import { IsStorageRequests, type StorageRequests } from './objects/storage-requests';

/** eth_getBalance(address, block?). */
export class EthGetBalanceParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_getCode(address, block?). */
export class EthGetCodeParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_getTransactionCount(address, block?). */
export class EthGetTransactionCountParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_getStorageAt(address, slot, block?); the slot comes back as a 32-byte key. */
export class EthGetStorageAtParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1) @IsStorageKey() slot!: string;
  @Param(2, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_getProof(address, storageKeys, block?); each key as the slot it reads and the key the answer echoes. */
export class EthGetProofParams {
  @Param(0) @IsAddress() address!: string;
  @Param(1)
  @IsListOf((item) => decodeProofStorageKey(item), { goType: '[]string' })
  storageKeys!: ProofStorageKey[];
  @Param(2, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_getStorageValues(requests, block?). */
export class EthGetStorageValuesParams {
  @Param(0) @IsStorageRequests() requests!: StorageRequests;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

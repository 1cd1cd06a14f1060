// The transaction objects methods take: TransactionCallDto for eth_call, eth_estimateGas,
// eth_createAccessList and eth_simulateV1 calls; TransactionSendDto (plus the `gasLimit` alias) for
// the methods that sign or send. Fields and Go type names follow geth's ethapi.TransactionArgs.
import { IsOptional } from 'class-validator';
import { hexlify } from 'ethers';
import { decodeData, decodeHash32, decodeQuantity } from '../../../primitives';
import { AgreesWith } from '../../cross-field';
import type { AfterDecode } from '../../decode-object';
import { IsAddress, IsByte, IsData, IsListOf, IsNestedList, IsQuantity } from '../../validators';

export const TRANSACTION_GO_TYPE = 'ethapi.TransactionArgs';

const sameBytes = (value: unknown): string => hexlify(decodeData(value));
const sameQuantity = (value: unknown): string => decodeQuantity(value, { bits: 256 }).toString();

/** One EIP-2930 access list entry. */
export class AccessListEntryDto {
  @IsAddress() address!: string;
  @IsListOf((item) => decodeHash32(item), { goType: '[]common.Hash' }) storageKeys!: string[];
}

/** One EIP-7702 authorization. */
export class AuthorizationDto {
  @IsQuantity({ bits: 256 }) chainId!: bigint;
  @IsQuantity() nonce!: bigint;
  @IsAddress() address!: string;
  @IsByte() yParity!: number;
  @IsQuantity({ bits: 256 }) r!: bigint;
  @IsQuantity({ bits: 256 }) s!: bigint;
}

export class TransactionCallDto implements AfterDecode {
  @IsOptional() @IsAddress() from?: string;
  /** Absent or null: contract creation. */
  @IsOptional() @IsAddress() to?: string;
  @IsOptional() @IsQuantity() gas?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) gasPrice?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) maxFeePerGas?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) maxPriorityFeePerGas?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) maxFeePerBlobGas?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) value?: bigint;
  @IsOptional() @IsQuantity() nonce?: bigint;
  @IsOptional() @IsData() input?: Uint8Array;
  /** The older name of `input`, still sent by many clients; folded into `input`, so always undefined after decoding. */
  @IsOptional()
  @IsData()
  @AgreesWith(
    'input',
    sameBytes,
    'both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
  )
  data?: Uint8Array;
  @IsOptional()
  @IsNestedList(() => AccessListEntryDto, 'types.AccessTuple', { goType: 'types.AccessList' })
  accessList?: AccessListEntryDto[];
  @IsOptional() @IsQuantity({ bits: 256 }) chainId?: bigint;
  @IsOptional() @IsByte() type?: number;
  @IsOptional()
  @IsListOf((item) => decodeHash32(item), { goType: '[]common.Hash' })
  blobVersionedHashes?: string[];
  @IsOptional() @IsListOf((item) => decodeData(item), { goType: '[]kzg4844.Blob' }) blobs?: Uint8Array[];
  @IsOptional()
  @IsListOf((item) => decodeData(item), { goType: '[]kzg4844.Commitment' })
  commitments?: Uint8Array[];
  @IsOptional() @IsListOf((item) => decodeData(item), { goType: '[]kzg4844.Proof' }) proofs?: Uint8Array[];
  @IsOptional()
  @IsNestedList(() => AuthorizationDto, 'types.SetCodeAuthorization', {
    goType: '[]types.SetCodeAuthorization',
  })
  authorizationList?: AuthorizationDto[];

  afterDecode(): void {
    this.input ??= this.data;
    this.data = undefined;
  }
}

/** A transaction to sign or send; also takes `gasLimit` (web3.js and some wallets send it) for `gas`. */
export class TransactionSendDto extends TransactionCallDto {
  /** Folded into `gas`, so always undefined after decoding. */
  @IsOptional()
  @IsQuantity()
  @AgreesWith('gas', sameQuantity, 'both "gas" and "gasLimit" are set and not equal')
  gasLimit?: bigint;

  override afterDecode(): void {
    super.afterDecode();
    this.gas ??= this.gasLimit;
    this.gasLimit = undefined;
  }
}

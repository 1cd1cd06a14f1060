// Block overrides (eth_call's fourth argument, eth_simulateV1's `blockOverrides`): header fields
// to pretend for the call, as the spec's BlockOverrides lists them.
import { IsOptional } from 'class-validator';
import { IsAddress, IsNestedList, IsQuantity } from '../../validators';

export class WithdrawalDto {
  @IsQuantity() index!: bigint;
  @IsQuantity() validatorIndex!: bigint;
  @IsAddress() address!: string;
  @IsQuantity({ bits: 256 }) amount!: bigint;
}

export class BlockOverridesDto {
  @IsOptional() @IsQuantity() number?: bigint;
  @IsOptional() @IsQuantity({ bits: 256 }) prevRandao?: bigint;
  @IsOptional() @IsQuantity() time?: bigint;
  @IsOptional() @IsQuantity() gasLimit?: bigint;
  @IsOptional() @IsAddress() feeRecipient?: string;
  @IsOptional() @IsQuantity({ bits: 256 }) baseFeePerGas?: bigint;
  @IsOptional()
  @IsNestedList(() => WithdrawalDto, 'types.Withdrawal', { goType: 'types.Withdrawals' })
  withdrawals?: WithdrawalDto[];
  @IsOptional() @IsQuantity({ bits: 256 }) blobBaseFee?: bigint;
}

// eth_simulateV1's payload: blocks of calls, each with optional block and state overrides.
import { IsOptional } from 'class-validator';
import { IsBool, IsNested, IsNestedList } from '../../validators';
import { BlockOverridesDto } from './block-overrides.dto';
import { IsStateOverrides, type StateOverrides } from './state-overrides';
import { TRANSACTION_GO_TYPE, TransactionCallDto } from './transaction.dto';

export class BlockStateCallDto {
  @IsOptional()
  @IsNested(() => BlockOverridesDto, 'override.BlockOverrides')
  blockOverrides?: BlockOverridesDto;
  @IsOptional() @IsStateOverrides() stateOverrides?: StateOverrides;
  @IsOptional()
  @IsNestedList(() => TransactionCallDto, TRANSACTION_GO_TYPE, { goType: `[]${TRANSACTION_GO_TYPE}` })
  calls?: TransactionCallDto[];
}

export class SimulatePayloadDto {
  @IsNestedList(() => BlockStateCallDto, 'ethapi.simBlock', { goType: '[]ethapi.simBlock' })
  blockStateCalls!: BlockStateCallDto[];
  @IsOptional() @IsBool() traceTransfers?: boolean;
  @IsOptional() @IsBool() validation?: boolean;
  @IsOptional() @IsBool() returnFullTransactions?: boolean;
}

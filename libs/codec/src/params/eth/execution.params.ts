// Params of the methods that execute a call without sending it: eth_call, eth_estimateGas,
// eth_createAccessList, eth_simulateV1. The block may be any selector (geth takes hashes and
// EIP-1898 objects for all of them); absent means latest.
import type { BlockParam } from '../../primitives';
import { Param } from '../param-index';
import { IsBlockParam, IsNested } from '../validators';
import { BlockOverridesDto } from './objects/block-overrides.dto';
import { SimulatePayloadDto } from './objects/simulate.dto';
import { IsStateOverrides, type StateOverrides } from './objects/state-overrides';
import { TRANSACTION_GO_TYPE, TransactionCallDto } from './objects/transaction.dto';

/** eth_call(transaction, block?, stateOverrides?, blockOverrides?): the last two as geth takes them. */
export class EthCallParams {
  @Param(0) @IsNested(() => TransactionCallDto, TRANSACTION_GO_TYPE) transaction!: TransactionCallDto;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
  @Param(2, { optional: true }) @IsStateOverrides() stateOverrides?: StateOverrides;
  @Param(3, { optional: true })
  @IsNested(() => BlockOverridesDto, 'override.BlockOverrides')
  blockOverrides?: BlockOverridesDto;
}

/** eth_estimateGas(transaction, block?, stateOverrides?). */
export class EthEstimateGasParams {
  @Param(0) @IsNested(() => TransactionCallDto, TRANSACTION_GO_TYPE) transaction!: TransactionCallDto;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
  @Param(2, { optional: true }) @IsStateOverrides() stateOverrides?: StateOverrides;
}

/** eth_createAccessList(transaction, block?). */
export class EthCreateAccessListParams {
  @Param(0) @IsNested(() => TransactionCallDto, TRANSACTION_GO_TYPE) transaction!: TransactionCallDto;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

/** eth_simulateV1(payload, block?). */
export class EthSimulateV1Params {
  @Param(0) @IsNested(() => SimulatePayloadDto, 'ethapi.simOpts') payload!: SimulatePayloadDto;
  @Param(1, { optional: true }) @IsBlockParam() block?: BlockParam;
}

// Objects nested inside eth params: transactions, filters, overrides, simulate payloads.
export {
  AccessListEntryDto,
  AuthorizationDto,
  TRANSACTION_GO_TYPE,
  TransactionCallDto,
  TransactionSendDto,
} from './transaction.dto';
export { FILTER_GO_TYPE, FilterDto } from './filter.dto';
export {
  AccountOverrideDto,
  IsStateOverrides,
  decodeStateOverrides,
  type StateOverrides,
} from './state-overrides';
export { BlockOverridesDto, WithdrawalDto } from './block-overrides.dto';
export { BlockStateCallDto, SimulatePayloadDto } from './simulate.dto';
export { IsStorageRequests, decodeStorageRequests, type StorageRequests } from './storage-requests';

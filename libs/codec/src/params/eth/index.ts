// Params DTOs of the eth namespace, and the objects nested in them.
export * from './objects';
export {
  EthCallParams,
  EthCreateAccessListParams,
  EthEstimateGasParams,
  EthSimulateV1Params,
} from './execution.params';
export {
  EthGetBalanceParams,
  EthGetCodeParams,
  EthGetProofParams,
  EthGetStorageAtParams,
  EthGetStorageValuesParams,
  EthGetTransactionCountParams,
} from './state.params';
export {
  EthGetBlockAccessListParams,
  EthGetBlockByHashParams,
  EthGetBlockByNumberParams,
  EthGetBlockReceiptsParams,
  EthGetBlockTransactionCountByHashParams,
  EthGetBlockTransactionCountByNumberParams,
} from './block.params';
export {
  EthGetUncleByBlockHashAndIndexParams,
  EthGetUncleByBlockNumberAndIndexParams,
  EthGetUncleCountByBlockHashParams,
  EthGetUncleCountByBlockNumberParams,
} from './uncle.params';
export {
  EthGetTransactionByBlockHashAndIndexParams,
  EthGetTransactionByBlockNumberAndIndexParams,
  EthGetTransactionByHashParams,
  EthGetTransactionLogsParams,
  EthGetTransactionReceiptParams,
} from './transaction.params';
export {
  EthGetFilterChangesParams,
  EthGetFilterLogsParams,
  EthGetLogsParams,
  EthNewFilterParams,
  EthUninstallFilterParams,
} from './filter.params';
export { EthFeeHistoryParams, decodeRewardPercentiles } from './fee-history.params';
export {
  EthFillTransactionParams,
  EthSendRawTransactionParams,
  EthSendRawTransactionSyncParams,
  EthResendParams,
  EthSendTransactionParams,
  EthSignParams,
  EthSignTransactionParams,
} from './send.params';
export {
  EthSubscribeParams,
  EthUnsubscribeParams,
  SUBSCRIPTION_KINDS,
  decodeSubscriptionKind,
  type SubscriptionKind,
} from './subscribe.params';

// Which params DTO decodes which wire method. Methods absent here take no params (decode them
// with NoParams); the router looks methods up with findParamsDto.
import * as debug from './debug';
import * as eth from './eth';
import * as personal from './personal';
import * as txpool from './txpool';
import * as web3 from './web3';

export const PARAMS_DTOS = Object.freeze({
  web3_sha3: web3.Web3Sha3Params,

  eth_call: eth.EthCallParams,
  eth_estimateGas: eth.EthEstimateGasParams,
  eth_createAccessList: eth.EthCreateAccessListParams,
  eth_simulateV1: eth.EthSimulateV1Params,

  eth_getBalance: eth.EthGetBalanceParams,
  eth_getCode: eth.EthGetCodeParams,
  eth_getTransactionCount: eth.EthGetTransactionCountParams,
  eth_getStorageAt: eth.EthGetStorageAtParams,
  eth_getStorageValues: eth.EthGetStorageValuesParams,
  eth_getProof: eth.EthGetProofParams,

  eth_getBlockByHash: eth.EthGetBlockByHashParams,
  eth_getBlockByNumber: eth.EthGetBlockByNumberParams,
  eth_getBlockReceipts: eth.EthGetBlockReceiptsParams,
  eth_getBlockAccessList: eth.EthGetBlockAccessListParams,
  eth_getBlockTransactionCountByHash: eth.EthGetBlockTransactionCountByHashParams,
  eth_getBlockTransactionCountByNumber: eth.EthGetBlockTransactionCountByNumberParams,
  eth_getUncleByBlockHashAndIndex: eth.EthGetUncleByBlockHashAndIndexParams,
  eth_getUncleByBlockNumberAndIndex: eth.EthGetUncleByBlockNumberAndIndexParams,
  eth_getUncleCountByBlockHash: eth.EthGetUncleCountByBlockHashParams,
  eth_getUncleCountByBlockNumber: eth.EthGetUncleCountByBlockNumberParams,

  eth_getTransactionByHash: eth.EthGetTransactionByHashParams,
  eth_getTransactionReceipt: eth.EthGetTransactionReceiptParams,
  eth_getTransactionLogs: eth.EthGetTransactionLogsParams,
  eth_getTransactionByBlockHashAndIndex: eth.EthGetTransactionByBlockHashAndIndexParams,
  eth_getTransactionByBlockNumberAndIndex: eth.EthGetTransactionByBlockNumberAndIndexParams,

  eth_getLogs: eth.EthGetLogsParams,
  eth_newFilter: eth.EthNewFilterParams,
  eth_getFilterChanges: eth.EthGetFilterChangesParams,
  eth_getFilterLogs: eth.EthGetFilterLogsParams,
  eth_uninstallFilter: eth.EthUninstallFilterParams,

  eth_feeHistory: eth.EthFeeHistoryParams,

  eth_sendRawTransaction: eth.EthSendRawTransactionParams,
  eth_sendRawTransactionSync: eth.EthSendRawTransactionSyncParams,
  eth_sendTransaction: eth.EthSendTransactionParams,
  eth_resend: eth.EthResendParams,
  eth_signTransaction: eth.EthSignTransactionParams,
  eth_fillTransaction: eth.EthFillTransactionParams,
  eth_sign: eth.EthSignParams,

  eth_subscribe: eth.EthSubscribeParams,
  eth_unsubscribe: eth.EthUnsubscribeParams,

  debug_traceTransaction: debug.DebugTraceTransactionParams,
  debug_traceBlockByNumber: debug.DebugTraceBlockByNumberParams,
  debug_traceBlockByHash: debug.DebugTraceBlockByHashParams,
  debug_traceCall: debug.DebugTraceCallParams,

  personal_newAccount: personal.PersonalNewAccountParams,
  personal_unlockAccount: personal.PersonalUnlockAccountParams,
  personal_lockAccount: personal.PersonalLockAccountParams,
  personal_importRawKey: personal.PersonalImportRawKeyParams,
  personal_sign: personal.PersonalSignParams,
  personal_ecRecover: personal.PersonalEcRecoverParams,
  personal_sendTransaction: personal.PersonalSendTransactionParams,

  txpool_contentFrom: txpool.TxpoolContentFromParams,
}) satisfies Readonly<Record<string, new () => object>>;

export type ParamsMethod = keyof typeof PARAMS_DTOS;

/** The decoded params type of a method, e.g. `ParamsOf<'eth_getBalance'>`. */
export type ParamsOf<M extends ParamsMethod> = InstanceType<(typeof PARAMS_DTOS)[M]>;

export function isParamsMethod(method: string): method is ParamsMethod {
  return Object.hasOwn(PARAMS_DTOS, method);
}

/** The DTO class for a wire method with params, or undefined if it takes none (or is unknown). */
export function findParamsDto(method: string): (new () => object) | undefined {
  return isParamsMethod(method) ? PARAMS_DTOS[method] : undefined;
}

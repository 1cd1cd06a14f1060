// Front door of @photon/engine-client: the only way Photon reaches the chain (CometBFT RPC and websocket,
// Ethermint queries through abci_query) and the Ethereum records rebuilt from what the engine answers.
export {
  AbciQueryError,
  EngineResponseError,
  EngineRpcError,
  EngineUnavailableError,
  HeightNotAvailableError,
  type EngineError,
} from './errors';
export * from './comet/types';
export { isMissingHeight, isTxNotFound } from './comet/rpc-error-kind';
export { engineHttpUrl, engineWebsocketUrl } from './http/engine-url';
export { type EngineAnswer, type EnginePost, type RpcParams } from './http/json-rpc-transport';
export { type Deadline } from './http/deadline';
export { CometHttpClient, type CometHttpClientOptions, type TxSearchOptions } from './http/comet-http-client';
export {
  CometWebsocketClient,
  type CometSubscription,
  type CometWebsocketOptions,
  type ReconnectInfo,
} from './ws/comet-websocket-client';
export { type CometEventMessage, eventHeight } from './ws/comet-event';
export { type CometEventListener } from './ws/subscription-registry';
export {
  EvmQueryClient,
  type EstimateGasResult,
  type EthCallParams,
  type EthCallResult,
  type EvmAccount,
  type EvmQueryClientOptions,
  type TraceBlock,
  type TraceBlockParams,
  type TraceCallParams,
  type TraceTxParams,
  type TransactionArgsJson,
} from './evm/evm-query-client';
export {
  MPT_ACCOUNT_OP,
  provenStorageRoot,
  StoreProofClient,
  type StoreProof,
} from './evm/store-proof-client';
export { type TraceInputs, type TracedBlockTx } from './reader/trace-inputs';
export {
  EthereumChainReader,
  type BloomTest,
  type BlockRef,
  type ChainReaderCacheStats,
  type EthereumChainReaderOptions,
} from './reader/ethereum-chain-reader';
export { type AssembledBlock } from './reader/block-assembler';
export { effectiveGasPrice } from './reader/transaction-record';
export { ethereumTxHashes } from './reader/ethereum-tx-events';
export { pendingNonce } from './reader/pending-nonce';
export {
  type AcceptedTxRecord,
  type AcceptedTxRecords,
  type PendingLookup,
  PendingPool,
  type UnlistedTxs,
} from './reader/pending-pool';
export { type CacheStats, LruCache } from './reader/lru-cache';
export { engineProviders, type EngineProvidersOptions } from './engine-providers';
export { logsBytes } from './reader/logs-bytes';

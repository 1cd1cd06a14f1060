// Front door of the EVM application core: the chain, its genesis, and the typed values it speaks.
export * from './types';
export * from './genesis';
export {
  EvmChain,
  type EvmChainOptions,
  type ProduceBlockArgs,
  type CheckTxOptions,
  type CheckTxMessage,
  type RestoredEvmBlock,
} from './evm-chain';
export type { StateWrites } from './recording-db';
export type { AccountProof, SlotProof } from './state-proof';
export type { CheckTxMode } from './ante';
export { Mempool, type PendingTx, PRICE_BUMP_PERCENT, DEFAULT_MEMPOOL_SIZE } from './mempool';
export { UnknownHeightError, BlockHeightError, EvmCallError, EvmTimeoutError } from './errors';
export { SdkErrors, EvmErrors, type RegisteredError } from './abci-errors';
export { DEFAULT_GAS_CAP, DEFAULT_EVM_TIMEOUT_MS } from './call';
export { defaultFeeMarketParams } from './fee-market';
export { callErrorMessage, unpackRevertReason, VM_ERROR_REVERTED, VM_ERROR_OUT_OF_GAS } from './vm-errors';

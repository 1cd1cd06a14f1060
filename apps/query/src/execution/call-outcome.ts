// What an executed call means to a client, in geth's words: a revert is code 3 `execution reverted[: reason]`
// with the revert bytes as `data`; another EVM failure, or a call the engine refused, is -32000 as worded.
import { ExecutionRevertedError, InvalidInputError } from '@photon/codec';
import { AbciQueryError } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { getBytes } from 'ethers';
import { revertReason } from './revert-reason';

const VM_ERROR_REVERTED = 'execution reverted';

/**
 * A top-level value transfer the sender cannot pay. Ethermint's ApplyMessageWithConfig has no clause 6 of
 * geth's state transition, so the EVM's own `vm.ErrInsufficientBalance` comes back as the vm error (and
 * Ethermint's rpc/backend passes it on); geth's JSON-RPC answers `core.ErrInsufficientFundsForTransfer`
 * (its estimator's top-level check and clause 6), the text ethers matches (/insufficient funds/) to give
 * INSUFFICIENT_FUNDS from eth_estimateGas, and viem to give InsufficientFundsError. A nested CALL short of
 * balance never surfaces as the top-level vm error (CALL just pushes 0), so the rewording is exact.
 */
const ETHERMINT_TRANSFER_SHORT = 'insufficient balance for transfer';
const GETH_TRANSFER_SHORT = 'insufficient funds for transfer';

/** geth's words for a vm error or call refusal where Ethermint's differ; others unchanged. */
export function gethCallText(text: string): string {
  return text === ETHERMINT_TRANSFER_SHORT ? GETH_TRANSFER_SHORT : text;
}

/** The engine's verdict of one execution: '' when it succeeded, else geth's vm error text. */
export interface ExecutionVerdict {
  readonly vmError: string;
  /** Return data, or the revert bytes when reverted. */
  readonly ret: Hex;
}

/** Throws the client-facing error of a failed execution; returns for a successful one. */
export function assertExecuted(verdict: ExecutionVerdict): void {
  if (verdict.vmError === '') return;
  if (verdict.vmError === VM_ERROR_REVERTED) {
    // geth gives code 3 only when there are revert bytes to decode; a bare REVERT is a plain -32000.
    if (verdict.ret === '0x') throw new InvalidInputError(VM_ERROR_REVERTED);
    throw new ExecutionRevertedError(revertReason(getBytes(verdict.ret)), verdict.ret);
  }
  throw new InvalidInputError(gethCallText(verdict.vmError));
}

// gRPC status text baseapp keeps in the ABCI log, and the registered SDK error it wraps the text in.
const GRPC_STATUS_PREFIX = /^rpc error: code = \w+ desc = /;
const SDK_ROOT_SUFFIX =
  /: (invalid request|unknown request|key not found|unauthorized|internal logic error)$/;

/** The engine's own words for a call it refused, without the gRPC and SDK wrapping around them. */
export function engineCallText(log: string): string {
  return log.replace(GRPC_STATUS_PREFIX, '').replace(SDK_ROOT_SUFFIX, '').trim();
}

/**
 * Maps an EthCall/EstimateGas refusal (`gas required exceeds allowance (N)`, `intrinsic gas too low`,
 * `execution aborted (timeout = 5s)`, …) to -32000 with that text; other errors pass unchanged.
 */
export function toCallError(error: unknown): unknown {
  if (error instanceof AbciQueryError) return new InvalidInputError(gethCallText(engineCallText(error.log)));
  return error;
}

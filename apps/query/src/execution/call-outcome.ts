// What an executed call means to a client, in geth's words: a revert is code 3 `execution reverted[: reason]`
// with the revert bytes as `data`; another EVM failure, or a call the engine refused, is -32000 as worded.
import { ExecutionRevertedError, InvalidInputError } from '@photon/codec';
import { AbciQueryError } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { getBytes } from 'ethers';
import { revertReason } from './revert-reason';

const VM_ERROR_REVERTED = 'execution reverted';

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
  throw new InvalidInputError(verdict.vmError);
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
  if (error instanceof AbciQueryError) return new InvalidInputError(engineCallText(error.log));
  return error;
}

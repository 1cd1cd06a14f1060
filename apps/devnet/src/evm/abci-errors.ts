// Cosmos SDK and Ethermint registered errors, and their wrapping, so CheckTx answers carry the same
// code, codespace and log text as an Ethermint node (cosmos-sdk types/errors/errors.go, ethermint
// x/evm/types/errors.go; `Wrap(err, msg)` prints `msg: err`).
import type { CheckTxFailure, CheckTxFailureReason } from './types';

export interface RegisteredError {
  codespace: string;
  code: number;
  description: string;
}

/** cosmos-sdk types/errors (codespace "sdk"). */
export const SdkErrors = {
  txDecode: { codespace: 'sdk', code: 2, description: 'tx parse error' },
  invalidSequence: { codespace: 'sdk', code: 3, description: 'invalid sequence' },
  insufficientFunds: { codespace: 'sdk', code: 5, description: 'insufficient funds' },
  outOfGas: { codespace: 'sdk', code: 11, description: 'out of gas' },
  insufficientFee: { codespace: 'sdk', code: 13, description: 'insufficient fee' },
  invalidRequest: { codespace: 'sdk', code: 18, description: 'invalid request' },
  txInMempoolCache: { codespace: 'sdk', code: 19, description: 'tx already in mempool' },
  mempoolIsFull: { codespace: 'sdk', code: 20, description: 'mempool is full' },
  invalidSigner: {
    codespace: 'sdk',
    code: 24,
    description: 'tx intended signer does not match the given signer',
  },
  invalidHeight: { codespace: 'sdk', code: 26, description: 'invalid height' },
  invalidType: { codespace: 'sdk', code: 29, description: 'invalid type' },
  notSupported: { codespace: 'sdk', code: 37, description: 'feature not supported' },
} as const satisfies Record<string, RegisteredError>;

/** ethermint x/evm/types/errors.go (codespace "evm"; codes start at 2 in declaration order). */
export const EvmErrors = {
  executionReverted: { codespace: 'evm', code: 3, description: 'execution reverted' },
  invalidGasPrice: { codespace: 'evm', code: 13, description: 'invalid gas price' },
  invalidGasFee: { codespace: 'evm', code: 14, description: 'invalid gas fee' },
  invalidGasCap: { codespace: 'evm', code: 18, description: 'invalid gas cap' },
  invalidGasLimit: { codespace: 'evm', code: 22, description: 'invalid gas limit' },
} as const satisfies Record<string, RegisteredError>;

/** The log of `Wrap(Wrap(root, inner), outer)`: wraps are given outermost first. */
export function wrappedLog(root: RegisteredError, ...wraps: string[]): string {
  return [...wraps, root.description].join(': ');
}

/** A CheckTx refusal with Ethermint's code, codespace and log. */
export function checkTxFailure(
  reason: CheckTxFailureReason,
  root: RegisteredError,
  ...wraps: string[]
): CheckTxFailure {
  return { ok: false, code: root.code, codespace: root.codespace, log: wrappedLog(root, ...wraps), reason };
}

/** Formats an integer like Cosmos `LegacyDec.String()` (18 decimals). */
export function legacyDec(value: bigint): string {
  return `${value}.${'0'.repeat(18)}`;
}

// EVM errors in geth's words (core/vm/errors.go), which Ethermint returns as `vm_error` and clients
// match, and the revert-reason decoding behind Ethermint's `execution reverted: <reason>`.
import { EVMError, type ExecResult } from '@ethereumjs/evm';
import { AbiCoder } from 'ethers';

export const VM_ERROR_REVERTED = 'execution reverted';
export const VM_ERROR_OUT_OF_GAS = 'out of gas';
export const VM_ERROR_CODE_STORE_OUT_OF_GAS = 'contract creation code storage out of gas';
const RETURN_OPCODE = 0xf3;

const M = EVMError.errorMessages;

/** ethereumjs message → geth message; anything unlisted passes through unchanged. */
const GETH_VM_ERRORS: Record<string, string> = {
  [M.REVERT]: VM_ERROR_REVERTED,
  [M.OUT_OF_GAS]: VM_ERROR_OUT_OF_GAS,
  [M.CODESTORE_OUT_OF_GAS]: VM_ERROR_CODE_STORE_OUT_OF_GAS,
  [M.CODESIZE_EXCEEDS_MAXIMUM]: 'max code size exceeded',
  [M.STACK_UNDERFLOW]: 'stack underflow',
  [M.STACK_OVERFLOW]: 'stack overflow',
  [M.INVALID_JUMP]: 'invalid jump destination',
  [M.OUT_OF_RANGE]: 'return data out of bounds',
  [M.STATIC_STATE_CHANGE]: 'write protection',
  [M.CREATE_COLLISION]: 'contract address collision',
  [M.INSUFFICIENT_BALANCE]: 'insufficient balance for transfer',
  [M.INVALID_BYTECODE_RESULT]: 'invalid code: must not begin with 0xef',
  [M.INITCODE_SIZE_VIOLATION]: 'max initcode size exceeded',
  [M.VALUE_OVERFLOW]: 'gas uint64 overflow',
};

/** geth's wording of an ethereumjs exceptional halt ('' for none). */
export function gethVmError(error: EVMError | undefined, opcode?: number): string {
  if (error === undefined) return '';
  if (error.error === M.INVALID_OPCODE) {
    // geth names the opcode: INVALID for 0xfe, "opcode 0x.. not defined" for unassigned bytes.
    if (opcode === undefined) return 'invalid opcode';
    return opcode === 0xfe
      ? 'invalid opcode: INVALID'
      : `invalid opcode: opcode 0x${opcode.toString(16).padStart(2, '0')} not defined`;
  }
  return GETH_VM_ERRORS[error.error] ?? error.error;
}

/**
 * geth's vm error of a top-level execution. After Homestead ethereumjs reports a creation whose init code
 * returned but could not pay for storing the code as plain out of gas; geth calls it ErrCodeStoreOutOfGas.
 * Such a frame ended on a RETURN that completed (it left its return value), which an init code or a call that
 * ran out of gas never does.
 */
export function gethExecError(exec: ExecResult): string {
  const error = exec.exceptionError;
  const frame = exec.runState as { opCode?: number; returnValue?: Uint8Array } | undefined;
  const returned = frame?.opCode === RETURN_OPCODE && (frame.returnValue?.length ?? 0) > 0;
  if (error?.error === M.OUT_OF_GAS && returned) return VM_ERROR_CODE_STORE_OUT_OF_GAS;
  return gethVmError(error, frame?.opCode);
}

/** The reason in an error thrown by ethereumjs, without the tx dump it appends. */
export function ethereumjsErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split(' (tx type=')[0] ?? message;
}

/** geth's abi.panicReasons (newer geth; Ethermint's pinned geth leaves panics as a bare revert). */
const PANIC_REASONS: Record<number, string> = {
  0x00: 'generic panic',
  0x01: 'assert(false)',
  0x11: 'arithmetic underflow or overflow',
  0x12: 'division or modulo by zero',
  0x21: 'enum overflow',
  0x22: 'invalid encoded storage byte array accessed',
  0x31: 'out-of-bounds array access; popping on an empty array',
  0x32: 'out-of-bounds access of an array or bytesN',
  0x41: 'out of memory',
  0x51: 'uninitialized function',
};

const ERROR_STRING_SELECTOR = '08c379a0';
const PANIC_SELECTOR = '4e487b71';

/** The reason of `Error(string)` or `Panic(uint256)` revert data (geth's abi.UnpackRevert), if any. */
export function unpackRevertReason(ret: Uint8Array): string | undefined {
  if (ret.length < 4) return undefined;
  const hex = Buffer.from(ret).toString('hex');
  const selector = hex.slice(0, 8);
  const body = `0x${hex.slice(8)}`;
  try {
    if (selector === ERROR_STRING_SELECTOR) {
      return AbiCoder.defaultAbiCoder().decode(['string'], body)[0] as string;
    }
    if (selector === PANIC_SELECTOR) {
      const code = AbiCoder.defaultAbiCoder().decode(['uint256'], body)[0] as bigint;
      return PANIC_REASONS[Number(code)] ?? `unknown panic code: 0x${code.toString(16)}`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The message Ethermint's RPC returns for a failed call (`NewExecErrorWithReason`): 'execution
 * reverted: <reason>' when the data decodes, else the bare vm error.
 */
export function callErrorMessage(vmError: string, ret: Uint8Array): string {
  if (vmError !== VM_ERROR_REVERTED) return vmError;
  const reason = unpackRevertReason(ret);
  return reason === undefined ? VM_ERROR_REVERTED : `${VM_ERROR_REVERTED}: ${reason}`;
}

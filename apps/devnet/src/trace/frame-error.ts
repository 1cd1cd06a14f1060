// A call frame's failure in geth's words ('' when it succeeded).
import type { EVMResult } from '@ethereumjs/evm';
import { gethVmError } from '../evm/vm-errors';

export function frameError(result: EVMResult): string {
  const exec = result.execResult;
  return gethVmError(exec.exceptionError, exec.runState?.opCode);
}

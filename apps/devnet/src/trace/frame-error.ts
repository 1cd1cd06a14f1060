// A call frame's failure in geth's words ('' when it succeeded).
import type { EVMResult } from '@ethereumjs/evm';
import { gethExecError } from '../evm/vm-errors';

export function frameError(result: EVMResult): string {
  // gethExecError, not gethVmError: a creation that cannot pay to store its code is geth's
  // 'contract creation code storage out of gas', which a trace must name as estimateGas does.
  return gethExecError(result.execResult);
}

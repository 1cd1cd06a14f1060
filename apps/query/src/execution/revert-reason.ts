// Turns EVM revert bytes into geth's `execution reverted[: reason]`: Error(string) gives its text,
// Panic(uint256) geth's panic wording; anything else (custom errors) stays reasonless with the data.
import { AbiCoder, dataSlice, hexlify } from 'ethers';

const ERROR_SELECTOR = '0x08c379a0';
const PANIC_SELECTOR = '0x4e487b71';

// Solidity's panic codes, worded as geth's abi.panicReasons.
const PANIC_REASONS: ReadonlyMap<bigint, string> = new Map([
  [0x00n, 'generic panic'],
  [0x01n, 'assert(false)'],
  [0x11n, 'arithmetic underflow or overflow'],
  [0x12n, 'division or modulo by zero'],
  [0x21n, 'enum overflow'],
  [0x22n, 'invalid encoded storage byte array accessed'],
  [0x31n, 'out-of-bounds array access; popping on an empty array'],
  [0x32n, 'out-of-bounds access of an array or bytesN'],
  [0x41n, 'out of memory'],
  [0x51n, 'uninitialized function'],
]);

/** The reason geth appends after `execution reverted: `, or undefined when there is none. */
export function revertReason(data: Uint8Array): string | undefined {
  if (data.length < 4) return undefined;
  const hex = hexlify(data);
  const selector = dataSlice(hex, 0, 4);
  try {
    if (selector === ERROR_SELECTOR) {
      const [reason] = AbiCoder.defaultAbiCoder().decode(['string'], dataSlice(hex, 4));
      return String(reason);
    }
    if (selector === PANIC_SELECTOR) {
      const [code] = AbiCoder.defaultAbiCoder().decode(['uint256'], dataSlice(hex, 4));
      const known = PANIC_REASONS.get(code as bigint);
      return known ?? `unknown panic code: 0x${(code as bigint).toString(16)}`;
    }
  } catch {
    // Malformed Error/Panic payloads revert without a reason, as geth's UnpackRevert fails them.
    return undefined;
  }
  return undefined;
}

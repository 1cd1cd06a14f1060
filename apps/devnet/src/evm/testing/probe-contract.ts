// A tiny hand-assembled contract for the specs (no solc here): storage, a log, a revert with a
// reason string, a custom error, a refund, a return value and an endless loop, one per selector byte.
import { getBytes, id, toBeHex } from 'ethers';

const OPCODES: Record<string, number> = {
  STOP: 0x00,
  EQ: 0x14,
  SHL: 0x1b,
  SHR: 0x1c,
  ADDRESS: 0x30,
  BALANCE: 0x31,
  CALLER: 0x33,
  CALLDATALOAD: 0x35,
  CODECOPY: 0x39,
  COINBASE: 0x41,
  POP: 0x50,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  TLOAD: 0x5c,
  TSTORE: 0x5d,
  JUMP: 0x56,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  LOG1: 0xa1,
  RETURN: 0xf3,
  REVERT: 0xfd,
};

/**
 * A minimal assembler. Tokens: an opcode name; `0x…` pushes that many bytes (PUSH1…PUSH32, leading
 * zeros kept); `name:` is a JUMPDEST labelled `name`; `@name` pushes the label's offset (PUSH2).
 */
export function assemble(tokens: string[]): Uint8Array {
  const size = (token: string): number => {
    if (token.startsWith('@')) return 3;
    if (token.startsWith('0x')) return 1 + (token.length - 2) / 2;
    return 1;
  };
  const labels = new Map<string, number>();
  let offset = 0;
  for (const token of tokens) {
    if (token.endsWith(':')) labels.set(token.slice(0, -1), offset);
    offset += size(token);
  }
  const out: number[] = [];
  for (const token of tokens) {
    if (token.endsWith(':')) {
      out.push(OPCODES.JUMPDEST as number);
    } else if (token.startsWith('@')) {
      const target = labels.get(token.slice(1));
      if (target === undefined) throw new Error(`unknown label ${token}`);
      out.push(0x61, target >> 8, target & 0xff);
    } else if (token.startsWith('0x')) {
      const bytes = getBytes(token);
      if (bytes.length === 0 || bytes.length > 32) throw new Error(`bad push ${token}`);
      out.push(0x5f + bytes.length, ...bytes);
    } else {
      const opcode = OPCODES[token];
      if (opcode === undefined) throw new Error(`unknown opcode ${token}`);
      out.push(opcode);
    }
  }
  return Uint8Array.from(out);
}

/** The reason string `fail()` reverts with. */
export const PROBE_REVERT_REASON = 'boom';
/** Human-readable ABI of what the probe emits and reverts with (for ethers' Interface). */
export const PROBE_ABI = ['event Stored(uint256 value)', 'error Unauthorized(address caller)'];
export const STORED_TOPIC = id('Stored(uint256)');
export const UNAUTHORIZED_SELECTOR = id('Unauthorized(address)').slice(0, 10);

/** Selector byte = first calldata byte (not an ABI selector: the dispatch stays a few opcodes). */
export const Probe = {
  /** `store(v)`: value = v (calldata[1:33]); emit Stored(v). */
  store: 0x01,
  /** `fail()`: revert Error("boom"). */
  fail: 0x02,
  /** `deny()`: revert Unauthorized(msg.sender). */
  deny: 0x03,
  /** `clear()`: value = 0 (a refunded SSTORE when value was set). */
  clear: 0x04,
  /** `get()`: return value. */
  get: 0x05,
  /** `spin()`: loop until out of gas (or the EVM timeout). */
  spin: 0x06,
} as const;

/**
 * Runtime code, equivalent to this Solidity with a one-byte dispatch:
 *   uint256 value; event Stored(uint256 value); error Unauthorized(address caller);
 *   store(v) { value = v; emit Stored(v); }   fail() { revert("boom"); }
 *   deny() { revert Unauthorized(msg.sender); }   clear() { value = 0; }
 *   get() returns (uint256) { return value; }   spin() { while (true) {} }
 *   anything else: revert() with no data.
 */
// prettier-ignore
export const PROBE_RUNTIME = assemble([
  // selector = calldata[0]
  '0x00', 'CALLDATALOAD', '0xf8', 'SHR',
  'DUP1', '0x01', 'EQ', '@store', 'JUMPI',
  'DUP1', '0x02', 'EQ', '@fail', 'JUMPI',
  'DUP1', '0x03', 'EQ', '@deny', 'JUMPI',
  'DUP1', '0x04', 'EQ', '@clear', 'JUMPI',
  'DUP1', '0x05', 'EQ', '@get', 'JUMPI',
  'DUP1', '0x06', 'EQ', '@spin', 'JUMPI',
  '0x00', 'DUP1', 'REVERT',
  // value = calldata[1:33]; mem[0:32] = value; LOG1(mem[0:32], Stored)
  'store:',
  '0x01', 'CALLDATALOAD', 'DUP1', '0x00', 'SSTORE', '0x00', 'MSTORE',
  STORED_TOPIC, '0x20', '0x00', 'LOG1', 'STOP',
  // Error(string): selector, offset 0x20, length 4, "boom" → 100 bytes
  'fail:',
  '0x08c379a0', '0xe0', 'SHL', '0x00', 'MSTORE',
  '0x20', '0x04', 'MSTORE',
  '0x04', '0x24', 'MSTORE',
  toBeHex(BigInt(`0x${Buffer.from(PROBE_REVERT_REASON).toString('hex')}`), 4), '0xe0', 'SHL', '0x44', 'MSTORE',
  '0x64', '0x00', 'REVERT',
  // Unauthorized(msg.sender): selector, caller → 36 bytes
  'deny:',
  UNAUTHORIZED_SELECTOR, '0xe0', 'SHL', '0x00', 'MSTORE',
  'CALLER', '0x04', 'MSTORE',
  '0x24', '0x00', 'REVERT',
  'clear:',
  '0x00', '0x00', 'SSTORE', 'STOP',
  'get:',
  '0x00', 'SLOAD', '0x00', 'MSTORE', '0x20', '0x00', 'RETURN',
  'spin:',
  '@spin', 'JUMP',
]);

/** Init code: CODECOPY the runtime (appended after these 12 bytes) to memory and RETURN it. */
export const PROBE_INIT_CODE = Uint8Array.from([
  ...assemble([toBeHex(PROBE_RUNTIME.length, 2), 'DUP1', '0x0c', '0x00', 'CODECOPY', '0x00', 'RETURN']),
  ...PROBE_RUNTIME,
]);

/** Calldata for a probe call. */
export function probeCall(selector: number, word?: bigint): Uint8Array {
  return Uint8Array.from([selector, ...(word === undefined ? [] : getBytes(toBeHex(word, 32)))]);
}

// geth's default tracer, the struct logger (eth/tracers/logger/logger.go as Ethermint's geth formats it): one
// entry per opcode with the gas before it, its cost, the 1-based depth, the stack (0x hex, bottom first),
// memory (32-byte words, bare hex), storage (on SLOAD/SSTORE, the contract's slots seen so far, bare hex) and
// the return data of the frame's last sub-call; then `{gas, failed, returnValue, structLogs}`.
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { bytesToHex } from '@ethereumjs/util';
import type { StructLoggerOptions } from './trace-config';
import { bareHex, hexData, type Tracer, type TxOutcome } from './tracer';
import { frameError } from './frame-error';

const SLOAD = 0x54;
const SSTORE = 0x55;
/** Opcodes that end a frame themselves: after any other, a frame that ends cleanly ran off its code. */
const HALTS = new Set(['STOP', 'RETURN', 'REVERT', 'SELFDESTRUCT', 'INVALID']);

/** What one entry is made of: an ethereumjs step, or the end of a frame's code (geth's implicit STOP). */
type StepView = Pick<
  InterpreterStep,
  'pc' | 'gasLeft' | 'gasRefund' | 'stack' | 'depth' | 'memory' | 'address'
> & { readonly opcode: Pick<InterpreterStep['opcode'], 'name' | 'fee' | 'dynamicFee' | 'code'> };

/** One entry, keys in geth's StructLogRes order (Go marshals struct fields in declaration order). */
export interface StructLogEntry {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  error?: string;
  stack?: string[];
  returnData?: string;
  memory?: string[];
  storage?: Record<string, string>;
  refund?: number;
}

const word = (value: bigint): string => value.toString(16).padStart(64, '0');

export class StructLogger implements Tracer {
  readonly wantsSteps = true;
  readonly wantsState = false;
  private readonly logs: StructLogEntry[] = [];
  /** Slots seen per contract (bare hex key → bare hex value), as geth's l.storage. */
  private readonly storage = new Map<string, Map<string, string>>();
  /** An SLOAD whose value is the top of the next step's stack. */
  private pendingLoad: { entry: StructLogEntry; contract: Map<string, string>; key: string } | undefined;
  /** The return data each depth's last sub-call left (geth's interpreter returnData). */
  private readonly returnData: Uint8Array[] = [];
  /** The last entry of each open frame, by ethereumjs depth, where a failure is marked. */
  private readonly lastEntry: (StructLogEntry | undefined)[] = [];
  /** Depths of the open frames, innermost last (afterMessage closes the innermost). */
  private readonly frames: number[] = [];

  constructor(private readonly options: StructLoggerOptions) {}

  begin(): void {
    this.returnData[0] = new Uint8Array();
  }

  enter(message: Message): void {
    this.frames.push(message.depth);
    this.returnData[message.depth] = new Uint8Array();
    this.lastEntry[message.depth] = undefined;
  }

  exit(result: EVMResult): void {
    const depth = this.frames.pop() ?? 0;
    const error = frameError(result);
    this.implicitStop(result, depth, error);
    this.settleLoad(undefined);
    // geth logs a failing opcode with its error when the failure came before the opcode ran.
    const last = this.lastEntry[depth];
    if (error !== '' && error !== 'execution reverted' && last !== undefined) last.error = error;
    if (depth > 0) this.returnData[depth - 1] = result.execResult.returnValue;
  }

  step(step: InterpreterStep): void {
    this.record(step);
  }

  /**
   * geth reads opcode 0 (STOP) past the end of the code and logs it; ethereumjs just leaves its loop. A frame
   * that ended cleanly after an opcode that does not halt gets that STOP entry, from the final run state.
   */
  private implicitStop(result: EVMResult, depth: number, error: string): void {
    const last = this.lastEntry[depth];
    const run = result.execResult.runState;
    if (error !== '' || last === undefined || HALTS.has(last.op) || run === undefined) return;
    const words = Number(run.memoryWordCount);
    this.record({
      pc: run.programCounter,
      gasLeft: run.gasLeft,
      gasRefund: run.gasRefund,
      stack: run.stack.getStack(),
      depth,
      memory: run.memory._store.slice(0, words * 32),
      address: run.interpreter.getAddress(),
      opcode: { name: 'STOP', fee: 0, dynamicFee: 0n, code: 0 },
    });
  }

  private record(step: StepView): void {
    this.settleLoad(step.stack.at(-1));
    if (this.options.limit !== 0 && this.logs.length >= this.options.limit) return;
    const entry: StructLogEntry = {
      pc: step.pc,
      op: step.opcode.name,
      gas: Number(step.gasLeft),
      gasCost: Number(step.opcode.dynamicFee ?? BigInt(step.opcode.fee)),
      depth: step.depth + 1,
    };
    if (!this.options.disableStack) entry.stack = step.stack.map((item) => `0x${item.toString(16)}`);
    const returnData = this.returnData[step.depth];
    if (this.options.enableReturnData && returnData !== undefined && returnData.length > 0) {
      entry.returnData = hexData(returnData);
    }
    if (this.options.enableMemory) {
      const memory: string[] = [];
      for (let i = 0; i + 32 <= step.memory.length; i += 32)
        memory.push(bareHex(step.memory.subarray(i, i + 32)));
      entry.memory = memory;
    }
    const code = step.opcode.code;
    if (!this.options.disableStorage && (code === SLOAD || code === SSTORE)) this.recordStorage(step, entry);
    if (step.gasRefund > 0n) entry.refund = Number(step.gasRefund);
    this.logs.push(entry);
    this.lastEntry[step.depth] = entry;
  }

  private recordStorage(step: StepView, entry: StructLogEntry): void {
    const address = bytesToHex(step.address.bytes);
    let contract = this.storage.get(address);
    if (contract === undefined) {
      contract = new Map();
      this.storage.set(address, contract);
    }
    const key = step.stack.at(-1);
    if (key === undefined) return;
    if (step.opcode.code === SSTORE) {
      const value = step.stack.at(-2);
      if (value === undefined) return;
      contract.set(word(key), word(value));
      entry.storage = Object.fromEntries(contract);
    } else {
      this.pendingLoad = { entry, contract, key: word(key) };
    }
  }

  /** The loaded value of the last SLOAD is what the next step finds on top of the stack. */
  private settleLoad(top: bigint | undefined): void {
    const load = this.pendingLoad;
    if (load === undefined) return;
    this.pendingLoad = undefined;
    if (top !== undefined) load.contract.set(load.key, word(top));
    load.entry.storage = Object.fromEntries(load.contract);
  }

  result(outcome: TxOutcome): Promise<unknown> {
    this.settleLoad(undefined);
    const failed = outcome.vmError !== '';
    // Return data on success, the revert data on a revert, nothing after another failure.
    const returnValue =
      failed && outcome.vmError !== 'execution reverted' ? '' : bareHex(outcome.returnValue);
    return Promise.resolve({
      gas: Number(outcome.gasUsed),
      failed,
      returnValue,
      structLogs: this.logs,
    });
  }
}

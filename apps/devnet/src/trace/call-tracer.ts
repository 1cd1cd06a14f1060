// geth's callTracer (eth/tracers/native/call.go): the tree of call frames with their type, from, to, gas,
// gas used, input, output, value, failure and revert reason; `onlyTopCall` keeps the top frame, `withLog`
// adds each frame's logs (dropped with a failed frame, as geth does).
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import { type Address, bytesToHex } from '@ethereumjs/util';
import { unpackRevertReason, VM_ERROR_REVERTED } from '../evm/vm-errors';
import { frameError } from './frame-error';
import type { TracerOptions } from './trace-config';
import { hexData, hexQuantity, type TracedTx, type Tracer, type TxOutcome } from './tracer';

interface CallLog {
  address: string;
  topics: string[];
  data: string;
  position: string;
}

/** One frame, keys in geth's callFrame JSON order. */
export interface CallFrame {
  from: string;
  gas: string;
  gasUsed: string;
  to?: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  logs?: CallLog[];
  value?: string;
  type: string;
}

interface OpenFrame {
  frame: CallFrame;
  isStatic: boolean;
  logs: CallLog[];
  calls: CallFrame[];
}

const LOG0 = 0xa0;
const LOG4 = 0xa4;

const address = (value: Address): string => bytesToHex(value.bytes);

/** The frame type of a message, as the opcode that made it (geth's vm.OpCode names). */
function frameType(message: Message, parentStatic: boolean): string {
  if (message.to === undefined) return message.salt === undefined ? 'CREATE' : 'CREATE2';
  if (message.delegatecall) return 'DELEGATECALL';
  if (message.isStatic && !parentStatic) return 'STATICCALL';
  const codeAddress = message.codeAddress;
  if (!codeAddress.equals(message.to) && message.caller.equals(message.to)) return 'CALLCODE';
  return 'CALL';
}

export class CallTracer implements Tracer {
  readonly wantsSteps: boolean;
  readonly wantsState = false;
  private readonly open: OpenFrame[] = [];
  private top: OpenFrame | undefined;
  private tx: TracedTx | undefined;

  constructor(private readonly options: TracerOptions) {
    this.wantsSteps = options.withLog;
  }

  begin(tx: TracedTx): void {
    this.tx = tx;
  }

  enter(message: Message): void {
    const parent = this.open.at(-1);
    if (message.depth === 0 || parent === undefined) {
      const tx = this.tx;
      const frame: CallFrame = {
        from: address(message.caller),
        gas: hexQuantity(tx?.gasLimit ?? message.gasLimit),
        gasUsed: '0x0',
        ...(message.to === undefined ? {} : { to: address(message.to) }),
        input: hexData(message.data),
        value: hexQuantity(message.value),
        type: message.to === undefined ? 'CREATE' : 'CALL',
      };
      this.top = { frame, isStatic: message.isStatic, logs: [], calls: [] };
      this.open.push(this.top);
      return;
    }
    const type = frameType(message, parent.isStatic);
    const delegated = type === 'DELEGATECALL' || type === 'CALLCODE';
    const from = type === 'DELEGATECALL' && message.to !== undefined ? message.to : message.caller;
    const to = message.to === undefined ? undefined : delegated ? message.codeAddress : message.to;
    const frame: CallFrame = {
      from: address(from),
      gas: hexQuantity(message.gasLimit),
      gasUsed: '0x0',
      ...(to === undefined ? {} : { to: address(to) }),
      input: hexData(message.data),
      ...(type === 'STATICCALL' ? {} : { value: hexQuantity(message.value) }),
      type,
    };
    this.open.push({ frame, isStatic: message.isStatic, logs: [], calls: [] });
  }

  exit(result: EVMResult): void {
    const closing = this.open.pop();
    if (closing === undefined) return;
    const { frame } = closing;
    const exec = result.execResult;
    if (result.createdAddress !== undefined) frame.to = address(result.createdAddress);
    frame.gasUsed = hexQuantity(exec.executionGasUsed);
    const error = frameError(result);
    this.finish(closing, error, exec.returnValue);
    const parent = this.open.at(-1);
    if (parent !== undefined && !this.options.onlyTopCall) parent.calls.push(frame);
  }

  /** Output, failure and children of a closed frame, as geth's processOutput. */
  private finish(closing: OpenFrame, error: string, output: Uint8Array): void {
    const { frame } = closing;
    if (closing.calls.length > 0) frame.calls = closing.calls;
    if (this.options.withLog && error === '' && closing.logs.length > 0) frame.logs = closing.logs;
    if (error === '') {
      if (output.length > 0) frame.output = hexData(output);
      return;
    }
    frame.error = error;
    if (frame.type === 'CREATE' || frame.type === 'CREATE2') delete frame.to;
    if (error !== VM_ERROR_REVERTED || output.length === 0) return;
    frame.output = hexData(output);
    const reason = unpackRevertReason(output);
    if (reason !== undefined) frame.revertReason = reason;
  }

  step(step: InterpreterStep): void {
    const code = step.opcode.code;
    if (code < LOG0 || code > LOG4) return;
    const current = this.open.at(-1);
    if (current === undefined) return;
    const stack = step.stack;
    const offset = Number(stack.at(-1) ?? 0n);
    const size = Number(stack.at(-2) ?? 0n);
    const topics: string[] = [];
    for (let i = 0; i < code - LOG0; i += 1) {
      topics.push(`0x${(stack.at(-3 - i) ?? 0n).toString(16).padStart(64, '0')}`);
    }
    // Memory beyond what the step saw is expanded by LOG itself, with zeros.
    const data = new Uint8Array(size);
    data.set(step.memory.subarray(offset, offset + size));
    current.logs.push({
      address: bytesToHex(step.address.bytes),
      topics,
      data: hexData(data),
      position: hexQuantity(BigInt(current.calls.length)),
    });
  }

  result(outcome: TxOutcome): Promise<unknown> {
    const top = this.top;
    if (top === undefined) throw new Error('callTracer saw no top call');
    // The top frame's gas is the tx's: its limit and what it used in all (intrinsic gas and refunds counted).
    top.frame.gasUsed = hexQuantity(outcome.gasUsed);
    return Promise.resolve(inGethOrder(top.frame));
  }
}

/** The frame with its keys in geth's callFrame order (fields were added as the frame ran). */
function inGethOrder(frame: CallFrame): CallFrame {
  const { from, gas, gasUsed, to, input, output, error, revertReason, calls, logs, value, type } = frame;
  const out: Record<string, unknown> = {
    from,
    gas,
    gasUsed,
    to,
    input,
    output,
    error,
    revertReason,
    calls: calls?.map(inGethOrder),
    logs,
    value,
    type,
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out as unknown as CallFrame;
}

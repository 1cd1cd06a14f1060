// What every tracer sees of a traced transaction: the EVM's step and message events while it runs, then the
// outcome and the state around it. Tracers are geth's (eth/tracers/native, eth/tracers/logger); their JSON is
// built here in geth's shapes.
import type { EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';

/** The traced transaction or call, as the top call frame sees it. */
export interface TracedTx {
  readonly from: Address;
  /** undefined for a contract creation. */
  readonly to: Address | undefined;
  readonly gasLimit: bigint;
  readonly value: bigint;
  readonly input: Uint8Array;
  readonly coinbase: Address;
}

/** How the transaction ended. */
export interface TxOutcome {
  /** Gas the transaction used (what its receipt says; a call: Ethermint's minimum applied). */
  readonly gasUsed: bigint;
  readonly returnValue: Uint8Array;
  /** geth's words for the top frame's failure, '' on success. */
  readonly vmError: string;
  /** The created contract of a successful creation. */
  readonly createdAddress: Address | undefined;
}

/** Reads of one account and its slots in the state the reader is given. */
export interface AccountReads {
  readonly exists: boolean;
  readonly balance: bigint;
  readonly nonce: bigint;
  readonly code: Uint8Array;
  readonly storage: ReadonlyMap<string, string>;
}

/** The touched accounts (0x lowercase address → their reads) in the state at one moment. */
export type StateSnapshot = ReadonlyMap<string, AccountReads>;

export interface Tracer {
  /** Whether step events are needed (they cost: one per opcode). */
  readonly wantsSteps: boolean;
  /** Whether the state before and after the transaction must be read (prestateTracer). */
  readonly wantsState: boolean;
  begin(tx: TracedTx): void;
  step?(step: InterpreterStep): void;
  enter?(message: Message): void;
  exit?(result: EVMResult): void;
  /** With `wantsState`: the accounts (0x lowercase) and slots (0x 32-byte hex) to read before and after. */
  touched?(): ReadonlyMap<string, ReadonlySet<string>>;
  /** The tracer's JSON result; `pre` and `post` are given when `wantsState`. */
  result(outcome: TxOutcome, states?: { pre: StateSnapshot; post: StateSnapshot }): Promise<unknown>;
}

export const hexQuantity = (value: bigint): string => `0x${value.toString(16)}`;
export const hexData = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;
export const bareHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

// Re-executes transactions for a trace on a private state: the block's earlier txs untraced (Ethermint's
// predecessors), then the traced one with a tracer on the EVM's step and message events, under the trace's
// timeout (checked on every JUMP/JUMPI, as eth_call's). A prestate trace reads the touched accounts after the
// tx, reverts it to read them before, and replays it when later txs build on it. The trace config's state
// and block overrides apply to each traced tx, as ApplyMessageWithConfig applies them.
import { type Block, createBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import type { EVMMockBlockchainInterface, EVMResult, InterpreterStep, Message } from '@ethereumjs/evm';
import {
  type Address,
  bytesToUnprefixedHex,
  createAddressFromString,
  hexToBytes,
  setLengthLeft,
} from '@ethereumjs/util';
import { runTx, type RunTxOpts, type RunTxResult } from '@ethereumjs/vm';
import { createQueryMachine, Deadline, type QueryMachine } from '../evm/call';
import type { ExecutableTx } from '../evm/decode-tx';
import type { StateOverride } from '../evm/types';
import type { QueryStateManager } from '../evm/query-state';
import { applyStateOverride } from '../evm/state-overrides';
import { gethExecError } from '../evm/vm-errors';
import type { BlockOverride } from '../abci/block-override-json';
import type { TraceOverrides } from './trace-config';
import type { AccountReads, StateSnapshot, TracedTx, Tracer, TxOutcome } from './tracer';

/** The block a trace runs in. */
export interface TraceBlockContext {
  readonly number: bigint;
  readonly timestamp: bigint;
  readonly coinbase: Address;
  readonly baseFee: bigint;
  readonly gasLimit: bigint;
}

/** A trace ran past its timeout (geth's tracer.Stop(errors.New("execution timeout"))). */
export class TraceTimeoutError extends Error {
  constructor() {
    super('execution timeout');
  }
}

/** A traced tx: executable, with its sender, and how the gas it used is reported. */
export interface TraceJob {
  readonly tx: ExecutableTx;
  readonly from: Address;
  readonly runOpts?: Partial<RunTxOpts>;
  /** The gas the outcome reports, from what the EVM used (a call: Ethermint's minimum). */
  readonly reportGas?: (gasUsed: bigint) => bigint;
}

export class TraceRunner {
  private constructor(
    private readonly machine: QueryMachine,
    private readonly common: Common,
    private readonly block: Block,
  ) {}

  static async create(
    common: Common,
    state: QueryStateManager,
    blockchain: EVMMockBlockchainInterface,
    context: TraceBlockContext,
  ): Promise<TraceRunner> {
    const machine = await createQueryMachine(common, state, blockchain);
    const block = createBlock(
      {
        header: {
          number: context.number,
          timestamp: context.timestamp,
          coinbase: context.coinbase,
          gasLimit: context.gasLimit,
          baseFeePerGas: context.baseFee,
        },
      },
      { common },
    );
    return new TraceRunner(machine, common, block);
  }

  get state(): QueryStateManager {
    return this.machine.state;
  }

  isPrecompile(address: Address): boolean {
    return this.machine.vm.evm.precompiles.has(bytesToUnprefixedHex(address.bytes));
  }

  /** Writes state overrides into the trace's private state (StateOverride.Apply). */
  async overrideState(overrides: StateOverride): Promise<void> {
    await applyStateOverride(this.machine.state, overrides);
  }

  /** Runs a tx untraced, as the block did; a tx the chain refuses is skipped (Ethermint's `continue`). */
  async apply(job: TraceJob, block: Block = this.block): Promise<void> {
    try {
      await this.run(job, block);
    } catch (error) {
      if (error instanceof TraceTimeoutError) throw error;
    }
  }

  /**
   * Traces `job` within `timeoutMs`; with `keep`, the state then includes the tx (more txs follow). State
   * overrides are written into the state before the tx (kept with it, as a committed trace keeps them), block
   * overrides replace the block context it runs in.
   */
  async trace(
    job: TraceJob,
    tracer: Tracer,
    timeoutMs: number,
    keep: boolean,
    overrides: TraceOverrides = {},
  ): Promise<unknown> {
    if (overrides.state !== undefined) await this.overrideState(overrides.state);
    const block = overrides.block === undefined ? this.block : this.overriddenBlock(overrides.block);
    const endsAt = Date.now() + timeoutMs;
    this.machine.clock.deadline = new Deadline(timeoutMs);
    const tx = job.tx;
    const traced: TracedTx = {
      from: job.from,
      to: tx.to,
      gasLimit: tx.gasLimit,
      value: tx.value,
      input: tx.data,
      coinbase: block.header.coinbase,
    };
    tracer.begin(traced);
    const detach = this.attach(tracer);
    const state = this.machine.state;
    if (tracer.wantsState) await state.checkpoint();
    let run: RunTxResult;
    try {
      run = await this.run(job, block);
    } catch (error) {
      if (tracer.wantsState) await state.revert();
      if (Date.now() > endsAt) throw new TraceTimeoutError();
      throw error;
    } finally {
      detach();
      this.machine.clock.deadline = undefined;
    }
    const exec = run.execResult;
    const outcome: TxOutcome = {
      gasUsed: job.reportGas === undefined ? run.totalGasSpent : job.reportGas(run.totalGasSpent),
      returnValue: exec.returnValue,
      vmError: gethExecError(exec),
      createdAddress: run.createdAddress,
    };
    if (!tracer.wantsState || tracer.touched === undefined) return tracer.result(outcome);
    const touched = tracer.touched();
    const post = await this.snapshot(touched);
    await state.revert();
    const pre = await this.snapshot(touched);
    if (keep) await this.apply(job, block);
    return tracer.result(outcome, { pre, post });
  }

  /**
   * BlockOverrides.Apply on the trace's block. Difficulty is left out: Ethermint sets Random, so its EVM runs
   * merge rules and opcode 0x44 reads Random (PREVRANDAO), never Difficulty; a merge header keeps it 0.
   */
  private overriddenBlock(override: BlockOverride): Block {
    const header = this.block.header;
    return createBlock(
      {
        header: {
          number: override.number ?? header.number,
          timestamp: override.time ?? header.timestamp,
          coinbase:
            override.coinbase === undefined ? header.coinbase : createAddressFromString(override.coinbase),
          gasLimit: override.gasLimit ?? header.gasLimit,
          baseFeePerGas: override.baseFee ?? header.baseFeePerGas,
          mixHash: override.random === undefined ? header.mixHash : hexToBytes(override.random),
        },
      },
      { common: this.common },
    );
  }

  private run(job: TraceJob, block: Block = this.block): Promise<RunTxResult> {
    return runTx(this.machine.vm, {
      tx: job.tx,
      block,
      skipBlockGasLimitValidation: true,
      skipHardForkValidation: true,
      ...job.runOpts,
    });
  }

  /** The tracer's listeners on the EVM's events, until the returned function removes them. */
  private attach(tracer: Tracer): () => void {
    const events = this.machine.vm.evm.events;
    if (events === undefined) throw new Error('the EVM has no event emitter');
    const step = (data: InterpreterStep): void => tracer.step?.(data);
    const enter = (data: Message): void => tracer.enter?.(data);
    const exit = (data: EVMResult): void => tracer.exit?.(data);
    if (tracer.wantsSteps) events.on('step', step);
    events.on('beforeMessage', enter);
    events.on('afterMessage', exit);
    return () => {
      events.off('step', step);
      events.off('beforeMessage', enter);
      events.off('afterMessage', exit);
    };
  }

  private async snapshot(touched: ReadonlyMap<string, ReadonlySet<string>>): Promise<StateSnapshot> {
    const state = this.machine.state;
    const out = new Map<string, AccountReads>();
    for (const [address, slots] of touched) {
      const at = createAddressFromString(address);
      const account = await state.getAccount(at);
      const storage = new Map<string, string>();
      for (const slot of slots) {
        const value =
          account === undefined
            ? new Uint8Array()
            : await state.getStorage(at, hexToBytes(slot as `0x${string}`));
        storage.set(slot, `0x${Buffer.from(setLengthLeft(value, 32)).toString('hex')}`);
      }
      out.set(address, {
        exists: account !== undefined,
        balance: account?.balance ?? 0n,
        nonce: account?.nonce ?? 0n,
        code: account === undefined ? new Uint8Array() : await state.getCode(at),
        storage,
      });
    }
    return out;
  }
}

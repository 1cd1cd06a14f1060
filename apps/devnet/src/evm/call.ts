// EthCall and EstimateGas (Ethermint x/evm/keeper/grpc_query.go) on a private copy of the state at a
// committed height (every change reverted after the call), with the gas cap and an EVM timeout that
// aborts runaway loops.
import { type Block, createBlock, paramsBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { type EVMMockBlockchainInterface, getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import {
  createAccessList2930Tx,
  createFeeMarket1559Tx,
  createLegacyTx,
  paramsTx,
  type AccessList,
} from '@ethereumjs/tx';
import { type Address, bytesToHex, createAddressFromString, createZeroAddress } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import type { ExecutableTx } from './decode-tx';
import { directCallsAllowed, runDirectCall } from './direct-call';
import { EvmCallError, EvmTimeoutError } from './errors';
import { keepJumpAnalyses } from './jump-analysis';
import type { QueryStateManager } from './query-state';
import type { CallArgs, CallResult, EstimateGasResult } from './types';
import { ethereumjsErrorText, gethExecError, VM_ERROR_OUT_OF_GAS, VM_ERROR_REVERTED } from './vm-errors';

/** Ethermint's default `json-rpc.gas-cap`. */
export const DEFAULT_GAS_CAP = 25_000_000n;
/** Ethermint's and geth's default `json-rpc.evm-timeout`. */
export const DEFAULT_EVM_TIMEOUT_MS = 5000;
/** params.TxGas: the floor of EstimateGas's binary search. */
export const TX_GAS = 21_000n;

/** The block a query runs in: the committed block at the queried height. */
export interface QueryBlockContext {
  number: bigint;
  timestamp: bigint;
  coinbase: Address;
  baseFee: bigint;
  gasLimit: bigint;
}

export interface QueryEnv {
  common: Common;
  /** A VM on a private state at the queried height; calls run inside a checkpoint that is reverted. */
  machine: QueryMachine;
  /** The same object for every call at one height: the block built from it is kept with it. */
  block: QueryBlockContext;
}

/**
 * A VM for queries over one private state: made once and used by one call at a time (a call leaves the
 * state as it found it), so a call pays for its execution, not for building a VM and warming a state.
 */
export interface QueryMachine {
  readonly vm: VM;
  readonly state: QueryStateManager;
  /** The running call's deadline, which the VM's JUMP/JUMPI check. */
  readonly clock: { deadline: Deadline | undefined };
}

class DeadlineExceeded extends Error {}

/** Checked on every JUMP/JUMPI: a loop cannot run without them, and straight code is bounded. */
export class Deadline {
  private readonly at: number;

  constructor(readonly timeoutMs: number) {
    this.at = Date.now() + timeoutMs;
  }

  /** Inside the EVM: aborts the run. */
  check(): void {
    if (Date.now() > this.at) throw new DeadlineExceeded();
  }

  /** Before a run: a deadline already passed (while waiting for a VM, or between runs) is the timeout. */
  checkBeforeRun(): void {
    if (Date.now() > this.at) throw new EvmTimeoutError(this.timeoutMs);
  }
}

type OpHandlers = ReturnType<typeof getOpcodesForHF>['handlers'];
type OpHandler = OpHandlers extends Map<number, infer H> ? H : never;

let jumpHandlers: { jump: OpHandler; jumpi: OpHandler } | undefined;

function originalJumpHandlers(common: Common): { jump: OpHandler; jumpi: OpHandler } {
  if (jumpHandlers === undefined) {
    const withEvmParams = common.copy();
    withEvmParams.updateParams(paramsEVM);
    const { handlers } = getOpcodesForHF(withEvmParams);
    const jump = handlers.get(0x56);
    const jumpi = handlers.get(0x57);
    if (jump === undefined || jumpi === undefined) throw new Error('ethereumjs has no JUMP/JUMPI handler');
    jumpHandlers = { jump, jumpi };
  }
  return jumpHandlers;
}

/** A query VM over `state`; its JUMP/JUMPI check whatever deadline its clock holds. */
export async function createQueryMachine(
  common: Common,
  state: QueryStateManager,
  blockchain: EVMMockBlockchainInterface,
): Promise<QueryMachine> {
  const { jump, jumpi } = originalJumpHandlers(common);
  const clock: { deadline: Deadline | undefined } = { deadline: undefined };
  const vm = await createVM({
    common,
    stateManager: state,
    blockchain,
    evmOpts: {
      customOpcodes: [
        {
          opcode: 0x56,
          opcodeName: 'JUMP',
          baseFee: 8,
          logicFunction: (runState, opCommon) => {
            clock.deadline?.check();
            return jump(runState, opCommon);
          },
        },
        {
          opcode: 0x57,
          opcodeName: 'JUMPI',
          baseFee: 10,
          logicFunction: (runState, opCommon) => {
            clock.deadline?.check();
            return jumpi(runState, opCommon);
          },
        },
      ],
    },
  });
  keepJumpAnalyses(vm.evm);
  return { vm, state, clock };
}

const queryCommons = new WeakMap<Common, Common>();

/**
 * The Common a call's tx and block are built with. ethereumjs copies the Common it is given and rebuilds
 * its parameter cache (a JSON copy of every EIP's parameters) for every tx and header it constructs: a
 * fifth of an eth_call. This one has the tx and block parameters merged once and hands itself out; it is
 * never given a hardfork or parameters after that, so sharing it changes nothing a call reads. Traced txs
 * (apps/devnet/src/trace) are built with it too.
 */
export function queryCommon(common: Common): Common {
  let shared = queryCommons.get(common);
  if (shared === undefined) {
    const made = common.copy();
    made.updateParams(paramsTx);
    made.updateParams(paramsBlock);
    made.copy = () => made;
    made.updateParams = () => undefined;
    shared = made;
    queryCommons.set(common, shared);
  }
  return shared;
}

/** geth's `TransactionArgs.ToMessage` gas: the args' gas or the cap, never above the cap (0 = no cap). */
export function callGasLimit(args: CallArgs, gasCap: bigint): bigint {
  let gas = args.gas ?? (gasCap === 0n ? 2n ** 63n - 1n : gasCap);
  if (gasCap !== 0n && gas > gasCap) gas = gasCap;
  return gas;
}

function hasFees(args: CallArgs): boolean {
  return [args.gasPrice, args.maxFeePerGas, args.maxPriorityFeePerGas].some((fee) => (fee ?? 0n) > 0n);
}

/** The unsigned tx a call executes as, impersonating `from` (ethereumjs' own eth_call/estimateGas way). */
function callTx(env: QueryEnv, args: CallArgs, from: Address, nonce: bigint, gasLimit: bigint): ExecutableTx {
  const opts = { common: queryCommon(env.common), freeze: false };
  const base = {
    nonce,
    gasLimit,
    to: args.to,
    value: args.value ?? 0n,
    data: args.data ?? new Uint8Array(),
  };
  const accessList: AccessList | undefined = args.accessList?.map((item) => ({
    address: item.address,
    storageKeys: [...item.storageKeys],
  }));
  let tx: ExecutableTx;
  if (args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined) {
    tx = createFeeMarket1559Tx(
      {
        ...base,
        maxFeePerGas: args.maxFeePerGas ?? 0n,
        maxPriorityFeePerGas: args.maxPriorityFeePerGas ?? 0n,
        accessList,
      },
      opts,
    );
  } else if (accessList !== undefined) {
    tx = createAccessList2930Tx({ ...base, gasPrice: args.gasPrice ?? 0n, accessList }, opts);
  } else {
    tx = createLegacyTx({ ...base, gasPrice: args.gasPrice ?? 0n }, opts);
  }
  tx.getSenderAddress = () => from;
  return tx;
}

/** The blocks calls ran in, by block context, fee-less and with the base fee: a header never changes. */
const queryBlocks = new WeakMap<QueryBlockContext, { free?: Block; priced?: Block }>();

function queryBlock(env: QueryEnv, args: CallArgs): Block {
  // Like geth's eth_call, a call without fees runs with base fee 0 so that it needs no balance for gas.
  const priced = hasFees(args);
  let blocks = queryBlocks.get(env.block);
  if (blocks === undefined) {
    blocks = {};
    queryBlocks.set(env.block, blocks);
  }
  const kept = priced ? blocks.priced : blocks.free;
  if (kept !== undefined) return kept;
  const block = createBlock(
    {
      header: {
        number: env.block.number,
        timestamp: env.block.timestamp,
        coinbase: env.block.coinbase,
        gasLimit: env.block.gasLimit,
        baseFeePerGas: priced ? env.block.baseFee : 0n,
      },
    },
    { common: queryCommon(env.common) },
  );
  if (priced) blocks.priced = block;
  else blocks.free = block;
  return block;
}

type Execution = { kind: 'done'; result: CallResult } | { kind: 'intrinsic-gas-too-low' };

/** Runs `args` with `gasLimit` gas; only failures outside the EVM throw. */
async function execute(
  env: QueryEnv,
  args: CallArgs,
  gasLimit: bigint,
  deadline: Deadline,
): Promise<Execution> {
  deadline.checkBeforeRun();
  const { vm, state } = env.machine;
  const from = args.from === undefined ? createZeroAddress() : createAddressFromString(args.from);
  const account = await state.getAccount(from);
  let tx: ExecutableTx;
  try {
    tx = callTx(env, args, from, account?.nonce ?? 0n, gasLimit);
  } catch (error) {
    throw new EvmCallError(ethereumjsErrorText(error));
  }
  if (gasLimit < tx.getIntrinsicGas()) return { kind: 'intrinsic-gas-too-low' };
  // Ethermint's EVM refuses the top-level value transfer itself (ethereumjs would top the balance up).
  const value = args.value ?? 0n;
  if (value > 0n && (account?.balance ?? 0n) < value) {
    const result = {
      ret: new Uint8Array(),
      vmError: 'insufficient balance for transfer',
      gasUsed: tx.getIntrinsicGas(),
      logs: [],
    };
    return { kind: 'done', result };
  }
  const block = queryBlock(env, args);
  await state.checkpoint();
  try {
    // A fee-less call to an address (what clients send for eth_call) skips runTx's fee and receipt work.
    const run =
      args.to !== undefined && !hasFees(args) && directCallsAllowed(env.common)
        ? await runDirectCall(vm, state, tx, from, block)
        : await runTx(vm, {
            tx,
            block,
            // Ethermint's EthCall neither checks the nonce nor charges gas (SkipAccountChecks).
            skipNonce: true,
            skipBalance: true,
            skipBlockGasLimitValidation: true,
            skipHardForkValidation: true,
          });
    const exec = run.execResult;
    const result: CallResult = {
      ret: exec.returnValue,
      vmError: gethExecError(exec),
      gasUsed: run.totalGasSpent,
      logs: (exec.logs ?? []).map(([address, topics, data]) => ({
        address: bytesToHex(address),
        topics: topics.map((topic) => bytesToHex(topic)),
        data,
      })),
    };
    return { kind: 'done', result };
  } catch (error) {
    if (error instanceof DeadlineExceeded) throw new EvmTimeoutError(deadline.timeoutMs);
    const text = ethereumjsErrorText(error);
    if (text.includes('INTRINSIC_GAS_TOO_LOW')) return { kind: 'intrinsic-gas-too-low' };
    if (text.includes('baseFeePerGas')) {
      const feeCap = args.maxFeePerGas ?? args.gasPrice ?? 0n;
      throw new EvmCallError(
        `max fee per gas less than block base fee: address ${from.toString()}, maxFeePerGas: ${feeCap}, baseFee: ${env.block.baseFee}`,
      );
    }
    throw new EvmCallError(text);
  } finally {
    await state.revert();
  }
}

export interface QueryLimits {
  gasCap: bigint;
  /**
   * Started when the query arrived, so that waiting for a VM counts (as Ethermint's timeout context wraps the
   * whole query): a queue of runaway calls cannot hold later calls past their timeout.
   */
  deadline: Deadline;
}

/** Ethermint `EthCall`: reverts and other EVM errors come back as `vmError` with `ret`. */
export async function ethCall(env: QueryEnv, args: CallArgs, limits: QueryLimits): Promise<CallResult> {
  const { deadline } = limits;
  env.machine.clock.deadline = deadline;
  const execution = await execute(env, args, callGasLimit(args, limits.gasCap), deadline);
  // x/evm/keeper/state_transition.go ApplyMessageWithConfig: `Wrap(core.ErrIntrinsicGas, "apply message")`.
  if (execution.kind === 'intrinsic-gas-too-low')
    throw new EvmCallError('apply message: intrinsic gas too low');
  return execution.result;
}

/**
 * Ethermint `EstimateGas`: binary search between 21000 − 1 and the args' gas, else the block gas
 * limit, capped by the gas cap. A revert at the cap is returned as data, another EVM error at the
 * cap is thrown with its text, and running out of gas at the cap is "gas required exceeds allowance".
 */
export async function estimateGas(
  env: QueryEnv,
  args: CallArgs,
  limits: QueryLimits,
): Promise<EstimateGasResult> {
  if (limits.gasCap < TX_GAS) throw new EvmCallError('gas cap cannot be lower than 21,000');
  let lo = TX_GAS - 1n;
  let hi = args.gas !== undefined && args.gas >= TX_GAS ? args.gas : env.block.gasLimit;
  if (hi > limits.gasCap) hi = limits.gasCap;
  const cap = hi;

  const { deadline } = limits;
  env.machine.clock.deadline = deadline;
  const executable = async (gas: bigint): Promise<{ failed: boolean; result?: CallResult }> => {
    const execution = await execute(env, args, gas, deadline);
    if (execution.kind === 'intrinsic-gas-too-low') return { failed: true };
    return { failed: execution.result.vmError !== '', result: execution.result };
  };

  while (lo + 1n < hi) {
    const mid = (lo + hi) / 2n;
    if ((await executable(mid)).failed) lo = mid;
    else hi = mid;
  }
  if (hi === cap) {
    const { failed, result } = await executable(hi);
    if (failed) {
      if (result !== undefined && result.vmError !== VM_ERROR_OUT_OF_GAS) {
        if (result.vmError === VM_ERROR_REVERTED)
          return { gas: 0n, ret: result.ret, vmError: result.vmError };
        throw new EvmCallError(result.vmError);
      }
      throw new EvmCallError(`gas required exceeds allowance (${cap})`);
    }
  }
  return { gas: hi, ret: new Uint8Array(), vmError: '' };
}

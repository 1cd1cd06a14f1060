// EthCall and EstimateGas (Ethermint x/evm/keeper/grpc_query.go) on a throwaway copy of the state
// at a committed height, with the gas cap and an EVM timeout that aborts runaway loops.
import { type Block, createBlock } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { type EVMMockBlockchainInterface, getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import type { MerkleStateManager } from '@ethereumjs/statemanager';
import {
  createAccessList2930Tx,
  createFeeMarket1559Tx,
  createLegacyTx,
  type AccessList,
} from '@ethereumjs/tx';
import { type Address, bytesToHex, createAddressFromString, createZeroAddress } from '@ethereumjs/util';
import { createVM, runTx, type VM } from '@ethereumjs/vm';
import type { ExecutableTx } from './decode-tx';
import { EvmCallError, EvmTimeoutError } from './errors';
import type { CallArgs, CallResult, EstimateGasResult } from './types';
import { ethereumjsErrorText, gethVmError, VM_ERROR_OUT_OF_GAS, VM_ERROR_REVERTED } from './vm-errors';

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
  /** A copy of the state at the queried height; calls run inside a checkpoint that is reverted. */
  state: MerkleStateManager;
  blockchain: EVMMockBlockchainInterface;
  block: QueryBlockContext;
}

class DeadlineExceeded extends Error {}

/** Checked on every JUMP/JUMPI: a loop cannot run without them, and straight code is bounded. */
class Deadline {
  private readonly at: number;

  constructor(readonly timeoutMs: number) {
    this.at = Date.now() + timeoutMs;
  }

  check(): void {
    if (Date.now() > this.at) throw new DeadlineExceeded();
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

async function createQueryVm(env: QueryEnv, deadline: Deadline): Promise<VM> {
  const { jump, jumpi } = originalJumpHandlers(env.common);
  return createVM({
    common: env.common,
    stateManager: env.state,
    blockchain: env.blockchain,
    evmOpts: {
      customOpcodes: [
        {
          opcode: 0x56,
          opcodeName: 'JUMP',
          baseFee: 8,
          logicFunction: (runState, common) => {
            deadline.check();
            return jump(runState, common);
          },
        },
        {
          opcode: 0x57,
          opcodeName: 'JUMPI',
          baseFee: 10,
          logicFunction: (runState, common) => {
            deadline.check();
            return jumpi(runState, common);
          },
        },
      ],
    },
  });
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
  const opts = { common: env.common, freeze: false };
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

function queryBlock(env: QueryEnv, args: CallArgs): Block {
  // Like geth's eth_call, a call without fees runs with base fee 0 so that it needs no balance for gas.
  return createBlock(
    {
      header: {
        number: env.block.number,
        timestamp: env.block.timestamp,
        coinbase: env.block.coinbase,
        gasLimit: env.block.gasLimit,
        baseFeePerGas: hasFees(args) ? env.block.baseFee : 0n,
      },
    },
    { common: env.common },
  );
}

type Execution = { kind: 'done'; result: CallResult } | { kind: 'intrinsic-gas-too-low' };

/** Runs `args` with `gasLimit` gas; only failures outside the EVM throw. */
async function execute(
  vm: VM,
  env: QueryEnv,
  args: CallArgs,
  gasLimit: bigint,
  deadline: Deadline,
): Promise<Execution> {
  deadline.check();
  const from = args.from === undefined ? createZeroAddress() : createAddressFromString(args.from);
  const account = await env.state.getAccount(from);
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
  await env.state.checkpoint();
  try {
    const run = await runTx(vm, {
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
      vmError: gethVmError(exec.exceptionError, exec.runState?.opCode),
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
    await env.state.revert();
  }
}

export interface QueryLimits {
  gasCap: bigint;
  timeoutMs: number;
}

/** Ethermint `EthCall`: reverts and other EVM errors come back as `vmError` with `ret`. */
export async function ethCall(env: QueryEnv, args: CallArgs, limits: QueryLimits): Promise<CallResult> {
  const deadline = new Deadline(limits.timeoutMs);
  const vm = await createQueryVm(env, deadline);
  const execution = await execute(vm, env, args, callGasLimit(args, limits.gasCap), deadline);
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

  const deadline = new Deadline(limits.timeoutMs);
  const vm = await createQueryVm(env, deadline);
  const executable = async (gas: bigint): Promise<{ failed: boolean; result?: CallResult }> => {
    const execution = await execute(vm, env, args, gas, deadline);
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

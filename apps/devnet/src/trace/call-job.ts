// The jobs a trace runs: a block's signed tx (MsgEthereumTx, maintained layout) recovered with its sender,
// or debug_traceCall's args as an unsigned tx impersonating `from` (as eth_call runs).
import type { Common } from '@ethereumjs/common';
import {
  createAccessList2930Tx,
  createFeeMarket1559Tx,
  createLegacyTx,
  createTxFromRLP,
} from '@ethereumjs/tx';
import { Address, createAddressFromString, createZeroAddress } from '@ethereumjs/util';
import type { MsgEthereumTx } from '@photon/ethermint-wire';
import { GrpcCode, statusError } from '../abci/query-errors';
import type { CallArgs } from '../evm';
import { callGasLimit, queryCommon } from '../evm/call';
import type { ExecutableTx } from '../evm/decode-tx';
import { ethereumjsErrorText } from '../evm/vm-errors';
import type { TraceJob } from './trace-runner';

/**
 * A block's tx as a job; a message the devnet cannot read is an Internal status (Ethermint's AsTransaction).
 * The sender is the message's `from` when it carries one (the chain checked it at CheckTx), else recovered.
 */
export function signedTxJob(msg: MsgEthereumTx, common: Common): TraceJob {
  if (msg.raw.length === 0) {
    throw statusError(GrpcCode.Internal, 'the devnet reads the maintained MsgEthereumTx layout (raw) only');
  }
  let tx: ExecutableTx;
  try {
    tx = createTxFromRLP(msg.raw, { common: queryCommon(common) }) as ExecutableTx;
  } catch (error) {
    throw statusError(GrpcCode.Internal, ethereumjsErrorText(error));
  }
  if (msg.from.length === 20) return { tx, from: new Address(msg.from) };
  try {
    return { tx, from: tx.getSenderAddress() };
  } catch (error) {
    throw statusError(GrpcCode.Internal, ethereumjsErrorText(error));
  }
}

export const hasFees = (args: CallArgs): boolean =>
  [args.gasPrice, args.maxFeePerGas, args.maxPriorityFeePerGas].some((fee) => (fee ?? 0n) > 0n);

/**
 * debug_traceCall's job: the args' gas or the cap, the sender's nonce, no nonce or balance checks (Ethermint's
 * TraceCall sets the nonce and ApplyMessage charges no fee); `minGasUsed` is Ethermint's reported minimum.
 */
export function callJob(
  args: CallArgs,
  nonce: bigint,
  gasCap: bigint,
  common: Common,
  minGasMultiplier: { numerator: bigint; denominator: bigint },
): TraceJob {
  const from: Address = args.from === undefined ? createZeroAddress() : createAddressFromString(args.from);
  const gasLimit = callGasLimit(args, gasCap);
  const opts = { common, freeze: false };
  const base = { nonce, gasLimit, to: args.to, value: args.value ?? 0n, data: args.data ?? new Uint8Array() };
  const accessList = args.accessList?.map((item) => ({
    address: item.address,
    storageKeys: [...item.storageKeys],
  }));
  let tx: ExecutableTx;
  try {
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
  } catch (error) {
    throw statusError(GrpcCode.Internal, ethereumjsErrorText(error));
  }
  tx.getSenderAddress = () => from;
  const minimum = (gasLimit * minGasMultiplier.numerator) / minGasMultiplier.denominator;
  return {
    tx,
    from,
    runOpts: { skipNonce: true, skipBalance: true },
    reportGas: (gasUsed) => (gasUsed > minimum ? gasUsed : minimum),
  };
}

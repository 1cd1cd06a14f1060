// The common eth_call, a call without fees to an address, run on the EVM directly instead of through
// runTx. For such a call runTx's extra work changes nothing a call returns (a fee of zero debited and
// credited, a miner reward of zero, a receipt and its bloom, all reverted afterwards), yet it is about
// half of a short call's CPU (balanceOf: 180 → 100 us per call). What runTx does that a result depends on
// is done here the same way: the warm set of EIP-2929/2930/3651, the caller's nonce bump, the intrinsic
// gas, the refund cap of EIP-3529, and the per-tx resets of the journal and the original-storage cache.
import type { Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { type Address, bytesToUnprefixedHex } from '@ethereumjs/util';
import type { EVMResult } from '@ethereumjs/evm';
import type { VM } from '@ethereumjs/vm';
import type { ExecutableTx } from './decode-tx';
import type { QueryStateManager } from './query-state';

/**
 * EIPs whose rules runTx applies and this path does not (calldata floor, set-code txs, state gas, block
 * access lists, binary trees): on a chain with any of them active, every call goes through runTx.
 */
const EIPS_ONLY_RUNTX_KNOWS = [7623, 7702, 7778, 7864, 7928, 8037] as const;

const directCommons = new WeakMap<Common, boolean>();

/** Whether calls on `common` may take the direct path (decided once per Common). */
export function directCallsAllowed(common: Common): boolean {
  let allowed = directCommons.get(common);
  if (allowed === undefined) {
    allowed =
      common.isActivatedEIP(2929) && EIPS_ONLY_RUNTX_KNOWS.every((eip) => !common.isActivatedEIP(eip));
    directCommons.set(common, allowed);
  }
  return allowed;
}

export interface DirectCallOutcome {
  readonly execResult: EVMResult['execResult'];
  /** Intrinsic plus execution gas, less the capped refund: runTx's totalGasSpent. */
  readonly totalGasSpent: bigint;
}

/** Runs `tx` (fee-less, with a `to`) as `from` in `block` on `vm`, whose state the caller reverts. */
export async function runDirectCall(
  vm: VM,
  state: QueryStateManager,
  tx: ExecutableTx,
  from: Address,
  block: Block,
): Promise<DirectCallOutcome> {
  const { evm } = vm;
  const { journal } = evm;
  const to = tx.to;
  if (to === undefined) throw new Error('a direct call needs a to address');
  await journal.cleanup();
  try {
    if ('accessList' in tx) {
      for (const [address, slots] of tx.accessList) {
        const addressHex = bytesToUnprefixedHex(address);
        journal.addAlwaysWarmAddress(addressHex, true);
        for (const slot of slots) journal.addAlwaysWarmSlot(addressHex, bytesToUnprefixedHex(slot), true);
      }
    }
    for (const [precompile] of evm.precompiles.entries()) journal.addAlwaysWarmAddress(precompile);
    journal.addAlwaysWarmAddress(from.toString());
    journal.addAlwaysWarmAddress(bytesToUnprefixedHex(to.bytes));
    if (vm.common.isActivatedEIP(3651))
      journal.addAlwaysWarmAddress(bytesToUnprefixedHex(block.header.coinbase.bytes));

    const intrinsicGas = tx.getIntrinsicGas();
    // runCall bumps the caller's nonce at depth 0, as runTx does before its own runCall.
    const { execResult } = await evm.runCall({
      block,
      gasPrice: 0n,
      caller: from,
      origin: from,
      gasLimit: tx.gasLimit - intrinsicGas,
      to,
      value: tx.value,
      data: tx.data,
    });
    const spent = execResult.executionGasUsed + intrinsicGas;
    const maxRefund = spent / vm.common.param('maxRefundQuotient');
    const refund = execResult.gasRefund ?? 0n;
    return { execResult, totalGasSpent: spent - (refund < maxRefund ? refund : maxRefund) };
  } finally {
    // What runTx resets after every tx: the warm sets and the storage values as they were before the tx.
    await journal.cleanup();
    state.originalStorageCache.clear();
  }
}

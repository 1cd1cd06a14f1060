// What Ethermint's base fee rule reads of a block, taken from its record: eth_feeHistory's last entry
// predicts the next block's base fee from it when that block does not exist yet.
import { type ParentBlockGas } from '@photon/ethermint-wire';
import type { EthBlockRecord } from '@photon/types';

/** The block's base fee, gas used and limit, and its gas wanted: the sum of its txs' gas limits. */
export function parentBlockGas(block: EthBlockRecord): ParentBlockGas {
  return {
    baseFee: block.baseFeePerGas,
    gasUsed: block.gasUsed,
    gasWanted: block.transactions.reduce((sum, tx) => sum + tx.gas, 0n),
    gasLimit: block.gasLimit,
  };
}

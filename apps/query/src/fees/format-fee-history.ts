// A computed fee history as eth_feeHistory's wire object (QUANTITY strings; `reward` only when asked).
import { encodeQuantity } from '@photon/codec';
import type { FeeHistory } from './fee-history';

export interface RpcFeeHistory {
  readonly oldestBlock: string;
  readonly baseFeePerGas: string[];
  readonly gasUsedRatio: number[];
  readonly reward?: string[][];
}

// A legacy tx priced under the block's base fee cannot be included, so a negative tip is never real.
const tipOut = (tip: bigint): string => encodeQuantity(tip < 0n ? 0n : tip);

export function formatFeeHistory(history: FeeHistory): RpcFeeHistory {
  return {
    oldestBlock: encodeQuantity(history.oldestBlock),
    baseFeePerGas: history.baseFeePerGas.map((fee) => encodeQuantity(fee)),
    gasUsedRatio: [...history.gasUsedRatio],
    ...(history.reward === undefined ? {} : { reward: history.reward.map((row) => row.map(tipOut)) }),
  };
}

// Params of eth_feeHistory(blockCount, newestBlock, rewardPercentiles), with geth's checks on the
// percentiles (each in [0, 100], strictly increasing) done here so a bad list is -32602.
import type { BlockNumberOrTag } from '../../primitives';
import { CodecError, decodeList } from '../../primitives';
import { Param } from '../param-index';
import { IsBlockNumberOrTag, IsDecodedBy, IsHexOrDecimal64 } from '../validators';

export function decodeRewardPercentiles(input: unknown): number[] {
  const percentiles = decodeList(input, decodePercentile, { goType: '[]float64' });
  percentiles.forEach((percentile, index) => {
    if (percentile < 0 || percentile > 100) {
      throw new CodecError(`invalid reward percentile: ${goFloat(percentile)}`);
    }
    const previous = percentiles[index - 1];
    if (previous !== undefined && percentile <= previous) {
      throw new CodecError(
        `invalid reward percentile: #${index - 1}:${goFloat(previous)} >= #${index}:${goFloat(percentile)}`,
      );
    }
  });
  return percentiles;
}

function decodePercentile(item: unknown): number {
  if (typeof item !== 'number') throw CodecError.wrongKind(item, 'float64');
  return item;
}

// geth prints these with %f.
const goFloat = (value: number): string => value.toFixed(6);

/** eth_feeHistory(blockCount, newestBlock, rewardPercentiles); blockCount may be hex or decimal. */
export class EthFeeHistoryParams {
  @Param(0) @IsHexOrDecimal64() blockCount!: bigint;
  @Param(1) @IsBlockNumberOrTag() newestBlock!: BlockNumberOrTag;
  @Param(2)
  @IsDecodedBy('isRewardPercentiles', (value) => decodeRewardPercentiles(value))
  rewardPercentiles!: number[];
}

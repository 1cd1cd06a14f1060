// Params of the uncle reads, which geth still serves (there are never uncles after the merge, nor
// on a Cosmos chain, but clients call them).
import type { BlockNumberOrTag } from '../../primitives';
import { Param } from '../param-index';
import { IsBlockNumberOrTag, IsHash32, IsQuantity } from '../validators';

/** eth_getUncleByBlockHashAndIndex(blockHash, index). */
export class EthGetUncleByBlockHashAndIndexParams {
  @Param(0) @IsHash32() blockHash!: string;
  @Param(1) @IsQuantity() index!: bigint;
}

/** eth_getUncleByBlockNumberAndIndex(block, index). */
export class EthGetUncleByBlockNumberAndIndexParams {
  @Param(0) @IsBlockNumberOrTag() block!: BlockNumberOrTag;
  @Param(1) @IsQuantity() index!: bigint;
}

/** eth_getUncleCountByBlockHash(blockHash). */
export class EthGetUncleCountByBlockHashParams {
  @Param(0) @IsHash32() blockHash!: string;
}

/** eth_getUncleCountByBlockNumber(block). */
export class EthGetUncleCountByBlockNumberParams {
  @Param(0) @IsBlockNumberOrTag() block!: BlockNumberOrTag;
}

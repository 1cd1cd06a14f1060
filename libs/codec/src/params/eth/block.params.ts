// Params of the block reads: by hash or by number/tag, with or without full transactions.
// Required flags follow the spec (which makes the count methods' block optional).
import type { BlockNumberOrTag, BlockParam } from '../../primitives';
import { Param } from '../param-index';
import { IsBlockNumberOrTag, IsBlockParam, IsBool, IsHash32 } from '../validators';

/** eth_getBlockByHash(blockHash, hydrated). */
export class EthGetBlockByHashParams {
  @Param(0) @IsHash32() blockHash!: string;
  @Param(1) @IsBool() hydrated!: boolean;
}

/** eth_getBlockByNumber(block, hydrated). */
export class EthGetBlockByNumberParams {
  @Param(0) @IsBlockNumberOrTag() block!: BlockNumberOrTag;
  @Param(1) @IsBool() hydrated!: boolean;
}

/** eth_getBlockReceipts(block). */
export class EthGetBlockReceiptsParams {
  @Param(0) @IsBlockParam() block!: BlockParam;
}

/** eth_getBlockAccessList(block). */
export class EthGetBlockAccessListParams {
  @Param(0) @IsBlockParam() block!: BlockParam;
}

/** eth_getBlockTransactionCountByHash(blockHash?): optional only because the spec says so. */
export class EthGetBlockTransactionCountByHashParams {
  @Param(0, { optional: true }) @IsHash32() blockHash?: string;
}

/** eth_getBlockTransactionCountByNumber(block?): absent means latest. */
export class EthGetBlockTransactionCountByNumberParams {
  @Param(0, { optional: true }) @IsBlockNumberOrTag() block?: BlockNumberOrTag;
}

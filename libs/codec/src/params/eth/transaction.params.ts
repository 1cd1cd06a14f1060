// Params of the transaction and receipt reads.
import type { BlockNumberOrTag } from '../../primitives';
import { Param } from '../param-index';
import { IsBlockNumberOrTag, IsHash32, IsQuantity } from '../validators';

/** eth_getTransactionByHash(hash). */
export class EthGetTransactionByHashParams {
  @Param(0) @IsHash32() hash!: string;
}

/** eth_getTransactionLogs(hash): Ethermint's extension. */
export class EthGetTransactionLogsParams {
  @Param(0) @IsHash32() hash!: string;
}

/** eth_getTransactionReceipt(hash). */
export class EthGetTransactionReceiptParams {
  @Param(0) @IsHash32() hash!: string;
}

/** eth_getTransactionByBlockHashAndIndex(blockHash, index). */
export class EthGetTransactionByBlockHashAndIndexParams {
  @Param(0) @IsHash32() blockHash!: string;
  @Param(1) @IsQuantity() index!: bigint;
}

/** eth_getTransactionByBlockNumberAndIndex(block, index). */
export class EthGetTransactionByBlockNumberAndIndexParams {
  @Param(0) @IsBlockNumberOrTag() block!: BlockNumberOrTag;
  @Param(1) @IsQuantity() index!: bigint;
}

// Handlers of the block reads: the head's number, a block by number or hash, and its transaction count.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetBlockByHashParams,
  EthGetBlockByNumberParams,
  EthGetBlockTransactionCountByHashParams,
  EthGetBlockTransactionCountByNumberParams,
  NoParams,
  type RpcBlock,
  decodeParams,
  encodeQuantity,
  formatBlock,
} from '@photon/codec';
import type { AssembledBlock } from '@photon/engine-client';
import { BlockService } from './block.service';

const transactionCount = (found: AssembledBlock | null): string | null =>
  found === null ? null : encodeQuantity(found.block.transactions.length);

@Injectable()
export class BlockHandlers {
  constructor(private readonly blocks: BlockService) {}

  /** Handler for eth_blockNumber. */
  @RpcMethod('eth_blockNumber')
  async blockNumber(params: unknown): Promise<string> {
    decodeParams(NoParams, params);
    return encodeQuantity(await this.blocks.latestNumber());
  }

  /** Handler for eth_getBlockByNumber. */
  @RpcMethod('eth_getBlockByNumber')
  async getBlockByNumber(params: unknown): Promise<RpcBlock | null> {
    const { block, hydrated } = decodeParams(EthGetBlockByNumberParams, params);
    const found = await this.blocks.block(block);
    return found === null ? null : formatBlock(found.block, hydrated);
  }

  /** Handler for eth_getBlockByHash. */
  @RpcMethod('eth_getBlockByHash')
  async getBlockByHash(params: unknown): Promise<RpcBlock | null> {
    const { blockHash, hydrated } = decodeParams(EthGetBlockByHashParams, params);
    const found = await this.blocks.byHash(blockHash);
    return found === null ? null : formatBlock(found.block, hydrated);
  }

  /** Handler for eth_getBlockTransactionCountByNumber. */
  @RpcMethod('eth_getBlockTransactionCountByNumber')
  async getBlockTransactionCountByNumber(params: unknown): Promise<string | null> {
    const { block } = decodeParams(EthGetBlockTransactionCountByNumberParams, params);
    return transactionCount(await this.blocks.block(block ?? { kind: 'tag', tag: 'latest' }));
  }

  /** Handler for eth_getBlockTransactionCountByHash. */
  @RpcMethod('eth_getBlockTransactionCountByHash')
  async getBlockTransactionCountByHash(params: unknown): Promise<string | null> {
    const { blockHash } = decodeParams(EthGetBlockTransactionCountByHashParams, params);
    // The spec leaves the hash optional; no hash names no block.
    return blockHash === undefined ? null : transactionCount(await this.blocks.byHash(blockHash));
  }
}

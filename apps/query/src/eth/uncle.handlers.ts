// Handlers of the uncle reads, answered as geth answers them after the merge: BFT blocks have no uncles,
// so a known block counts 0x0 and every uncle is null; an unknown block counts null.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetUncleByBlockHashAndIndexParams,
  EthGetUncleByBlockNumberAndIndexParams,
  EthGetUncleCountByBlockHashParams,
  EthGetUncleCountByBlockNumberParams,
  decodeParams,
} from '@photon/codec';
import type { AssembledBlock } from '@photon/engine-client';
import { BlockService } from './block.service';

const uncleCount = (found: AssembledBlock | null): string | null => (found === null ? null : '0x0');

@Injectable()
export class UncleHandlers {
  constructor(private readonly blocks: BlockService) {}

  /** Handler for eth_getUncleCountByBlockHash. */
  @RpcMethod('eth_getUncleCountByBlockHash')
  async getUncleCountByBlockHash(params: unknown): Promise<string | null> {
    const { blockHash } = decodeParams(EthGetUncleCountByBlockHashParams, params);
    return uncleCount(await this.blocks.byHash(blockHash));
  }

  /** Handler for eth_getUncleCountByBlockNumber. */
  @RpcMethod('eth_getUncleCountByBlockNumber')
  async getUncleCountByBlockNumber(params: unknown): Promise<string | null> {
    const { block } = decodeParams(EthGetUncleCountByBlockNumberParams, params);
    return uncleCount(await this.blocks.block(block));
  }

  /** Handler for eth_getUncleByBlockHashAndIndex. */
  @RpcMethod('eth_getUncleByBlockHashAndIndex')
  getUncleByBlockHashAndIndex(params: unknown): null {
    decodeParams(EthGetUncleByBlockHashAndIndexParams, params);
    return null;
  }

  /** Handler for eth_getUncleByBlockNumberAndIndex. */
  @RpcMethod('eth_getUncleByBlockNumberAndIndex')
  getUncleByBlockNumberAndIndex(params: unknown): null {
    decodeParams(EthGetUncleByBlockNumberAndIndexParams, params);
    return null;
  }
}

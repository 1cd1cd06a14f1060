// Handlers of the eth methods about the engine node: sync progress and the coinbase.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, decodeParams, encodeAddress, encodeQuantity } from '@photon/codec';
import { NodeStatusService } from './status.service';

export type RpcSyncing =
  false | { readonly startingBlock: string; readonly currentBlock: string; readonly highestBlock: string };

@Injectable()
export class StatusHandlers {
  constructor(private readonly status: NodeStatusService) {}

  /** Handler for eth_syncing. */
  @RpcMethod('eth_syncing')
  async syncing(params: unknown): Promise<RpcSyncing> {
    decodeParams(NoParams, params);
    const progress = await this.status.syncing();
    if (progress === false) return false;
    return {
      startingBlock: encodeQuantity(progress.startingBlock),
      currentBlock: encodeQuantity(progress.currentBlock),
      highestBlock: encodeQuantity(progress.highestBlock),
    };
  }

  /** Handler for eth_coinbase. */
  @RpcMethod('eth_coinbase')
  async coinbase(params: unknown): Promise<string> {
    decodeParams(NoParams, params);
    return encodeAddress(await this.status.coinbase());
  }
}

// Handlers of the net namespace: the chain id from config, listening and peers from the engine's net_info.
import { Inject, Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, decodeParams, encodeQuantity } from '@photon/codec';
import { NodeStatusService } from '../eth/status.service';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';

@Injectable()
export class NetHandlers {
  constructor(
    @Inject(QUERY_OPTIONS) private readonly options: QueryOptions,
    private readonly status: NodeStatusService,
  ) {}

  /** Handler for net_version: the EIP-155 chain id in decimal, as web3.js expects. */
  @RpcMethod('net_version')
  version(params: unknown): string {
    decodeParams(NoParams, params);
    return this.options.chainId.eip155.toString(10);
  }

  /** Handler for net_listening: whether the engine node accepts peer connections. */
  @RpcMethod('net_listening')
  async listening(params: unknown): Promise<boolean> {
    decodeParams(NoParams, params);
    return (await this.status.netInfo()).listening;
  }

  /** Handler for net_peerCount: the engine node's peers. */
  @RpcMethod('net_peerCount')
  async peerCount(params: unknown): Promise<string> {
    decodeParams(NoParams, params);
    return encodeQuantity((await this.status.netInfo()).nPeers);
  }
}

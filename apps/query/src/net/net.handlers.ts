// Handlers of the net namespace that need no chain.
import { Inject, Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, decodeParams } from '@photon/codec';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';

@Injectable()
export class NetHandlers {
  constructor(@Inject(QUERY_OPTIONS) private readonly options: QueryOptions) {}

  /** Handler for net_version: the EIP-155 chain id in decimal, as web3.js expects. */
  @RpcMethod('net_version')
  version(params: unknown): string {
    decodeParams(NoParams, params);
    return this.options.chainId.eip155.toString(10);
  }

  /**
   * Handler for net_listening. Answering at all means this tier is up and serving; the
   * engine's own peer listening state is reported by net_peerCount.
   */
  @RpcMethod('net_listening')
  listening(params: unknown): boolean {
    decodeParams(NoParams, params);
    return true;
  }
}

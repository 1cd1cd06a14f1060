// Handlers of eth methods that identify the chain and protocol, answered from config.
import { Inject, Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, decodeParams, encodeQuantity } from '@photon/codec';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';

/** Ethermint reports eth/65, the wire protocol version its RPC layer was modelled on. */
const ETH_PROTOCOL_VERSION = 65;

@Injectable()
export class ChainIdentityHandlers {
  constructor(@Inject(QUERY_OPTIONS) private readonly options: QueryOptions) {}

  /** Handler for eth_chainId. */
  @RpcMethod('eth_chainId')
  chainId(params: unknown): string {
    decodeParams(NoParams, params);
    return encodeQuantity(this.options.chainId.eip155);
  }

  /** Handler for eth_protocolVersion. */
  @RpcMethod('eth_protocolVersion')
  protocolVersion(params: unknown): string {
    decodeParams(NoParams, params);
    return encodeQuantity(ETH_PROTOCOL_VERSION);
  }
}

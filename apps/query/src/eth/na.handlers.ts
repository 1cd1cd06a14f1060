// Handlers of the eth methods that have no meaning under BFT consensus, answered as geth does without mining.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { NoParams, decodeParams } from '@photon/codec';

@Injectable()
export class NaHandlers {
  /** Handler for eth_mining: blocks come from consensus, never from mining. */
  @RpcMethod('eth_mining')
  mining(params: unknown): boolean {
    decodeParams(NoParams, params);
    return false;
  }

  /** Handler for eth_hashrate: there is no proof of work. */
  @RpcMethod('eth_hashrate')
  hashrate(params: unknown): string {
    decodeParams(NoParams, params);
    return '0x0';
  }
}

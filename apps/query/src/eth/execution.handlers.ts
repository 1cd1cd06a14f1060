// Handlers of the eth methods that execute a call without sending it: eth_call and eth_estimateGas.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { EthCallParams, EthEstimateGasParams, decodeParams, encodeQuantity } from '@photon/codec';
import { ExecutionService } from '../execution/execution.service';

@Injectable()
export class ExecutionHandlers {
  constructor(private readonly execution: ExecutionService) {}

  /** Handler for eth_call. */
  @RpcMethod('eth_call')
  async call(params: unknown): Promise<string> {
    return this.execution.call(decodeParams(EthCallParams, params));
  }

  /** Handler for eth_estimateGas. */
  @RpcMethod('eth_estimateGas')
  async estimateGas(params: unknown): Promise<string> {
    return encodeQuantity(await this.execution.estimateGas(decodeParams(EthEstimateGasParams, params)));
  }
}

// Handlers of the eth fee methods: the suggested gas price and tip, and the fee history.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { EthFeeHistoryParams, NoParams, decodeParams, encodeQuantity } from '@photon/codec';
import { FeeService } from '../fees/fee.service';
import { type RpcFeeHistory, formatFeeHistory } from '../fees/format-fee-history';

@Injectable()
export class FeeHandlers {
  constructor(private readonly fees: FeeService) {}

  /** Handler for eth_gasPrice. */
  @RpcMethod('eth_gasPrice')
  async gasPrice(params: unknown): Promise<string> {
    decodeParams(NoParams, params);
    return encodeQuantity((await this.fees.suggestion()).gasPrice);
  }

  /** Handler for eth_maxPriorityFeePerGas. */
  @RpcMethod('eth_maxPriorityFeePerGas')
  async maxPriorityFeePerGas(params: unknown): Promise<string> {
    decodeParams(NoParams, params);
    return encodeQuantity((await this.fees.suggestion()).tip);
  }

  /** Handler for eth_feeHistory. */
  @RpcMethod('eth_feeHistory')
  async feeHistory(params: unknown): Promise<RpcFeeHistory> {
    const { blockCount, newestBlock, rewardPercentiles } = decodeParams(EthFeeHistoryParams, params);
    return formatFeeHistory(await this.fees.feeHistory(blockCount, newestBlock, rewardPercentiles));
  }
}

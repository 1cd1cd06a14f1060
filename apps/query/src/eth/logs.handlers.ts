// Handler of eth_getLogs: the logs matching a filter, over a block range or in one block.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { EthGetLogsParams, type RpcLog, decodeParams, formatLog } from '@photon/codec';
import { LogsService } from '../logs/logs.service';

@Injectable()
export class LogsHandlers {
  constructor(private readonly logs: LogsService) {}

  /** Handler for eth_getLogs. */
  @RpcMethod('eth_getLogs')
  async getLogs(params: unknown): Promise<RpcLog[]> {
    const { filter } = decodeParams(EthGetLogsParams, params);
    return (await this.logs.getLogs(filter)).map(formatLog);
  }
}

// Handler of eth_getLogs: the logs matching a filter, over a block range or in one block.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import { EthGetLogsParams, type RpcLog, decodeParams } from '@photon/codec';
import { LogsService } from '../logs/logs.service';

@Injectable()
export class LogsHandlers {
  constructor(private readonly logs: LogsService) {}

  /** Handler for eth_getLogs. */
  @RpcMethod('eth_getLogs')
  async getLogs(params: unknown, context: CallContext): Promise<RpcLog[]> {
    const { filter } = decodeParams(EthGetLogsParams, params);
    // The events service reads each range once (the index backfill, filter polls): keeping those answers
    // would only push out the ones clients ask for again.
    return this.logs.getLogs(filter, { keep: context.transport !== 'internal' });
  }
}

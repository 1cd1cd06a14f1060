// Handlers of the polling-filter methods: log, block and pending-tx filters whose cursors live in the store.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import {
  EthGetFilterChangesParams,
  EthGetFilterLogsParams,
  EthNewFilterParams,
  EthUninstallFilterParams,
  NoParams,
  InvalidParamsError,
  decodeParams,
} from '@photon/codec';
import type { FilterDeliveryOutcome, FilterPollResult } from '@photon/types';
import { FilterService } from './filter.service';

@Injectable()
export class FilterHandlers {
  constructor(private readonly filters: FilterService) {}

  /** Handler for eth_newFilter. */
  @RpcMethod('eth_newFilter')
  newFilter(params: unknown, caller: CallContext): Promise<string> {
    const { filter } = decodeParams(EthNewFilterParams, params);
    // The criteria are kept as the client sent them: each poll hands them to eth_getLogs again.
    const criteria = (params as unknown[])[0];
    return this.filters.newLogFilter(filter, criteria, caller);
  }

  /** Handler for eth_newBlockFilter. */
  @RpcMethod('eth_newBlockFilter')
  newBlockFilter(params: unknown, caller: CallContext): Promise<string> {
    decodeParams(NoParams, params);
    return this.filters.newBlockFilter(caller);
  }

  /** Handler for eth_newPendingTransactionFilter. */
  @RpcMethod('eth_newPendingTransactionFilter')
  newPendingTransactionFilter(params: unknown, caller: CallContext): Promise<string> {
    decodeParams(NoParams, params);
    return this.filters.newPendingFilter(caller);
  }

  /** Handler for eth_getFilterChanges. */
  @RpcMethod('eth_getFilterChanges')
  getFilterChanges(params: unknown): Promise<unknown[]> {
    const { filterId } = decodeParams(EthGetFilterChangesParams, params);
    return this.filters.changes(filterId);
  }

  /** Handler for photon_pollFilter: eth_getFilterChanges for the gateway, which confirms the delivery. */
  @RpcMethod('photon_pollFilter')
  pollFilter(params: unknown): Promise<FilterPollResult> {
    const { filterId } = decodeParams(EthGetFilterChangesParams, params);
    return this.filters.poll(filterId);
  }

  /** Handler for photon_filterDelivered: `[filterId, poll]`, the reply of that poll reached the gateway. */
  @RpcMethod('photon_filterDelivered')
  filterDelivered(params: unknown): Promise<FilterDeliveryOutcome> {
    if (!Array.isArray(params) || params.length !== 2 || typeof params[1] !== 'string')
      throw InvalidParamsError.argument(1, 'want [filterId, poll]');
    const { filterId } = decodeParams(EthGetFilterChangesParams, [params[0]]);
    return this.filters.delivered(filterId, params[1]);
  }

  /** Handler for eth_getFilterLogs. */
  @RpcMethod('eth_getFilterLogs')
  getFilterLogs(params: unknown): Promise<unknown> {
    const { filterId } = decodeParams(EthGetFilterLogsParams, params);
    return this.filters.logs(filterId);
  }

  /** Handler for eth_uninstallFilter. */
  @RpcMethod('eth_uninstallFilter')
  uninstallFilter(params: unknown): Promise<boolean> {
    const { filterId } = decodeParams(EthUninstallFilterParams, params);
    return this.filters.uninstall(filterId);
  }
}

// Handlers of the eth methods that execute a call without sending it: eth_call, eth_estimateGas and
// eth_createAccessList.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthCallParams,
  EthCreateAccessListParams,
  EthEstimateGasParams,
  decodeParams,
  encodeQuantity,
} from '@photon/codec';
import type { AccessList } from '../execution/access-list';
import { AccessListService } from '../execution/access-list.service';
import { ExecutionService } from '../execution/execution.service';

/** geth's accessListResult on the wire. */
interface AccessListResultJson {
  accessList: AccessList;
  gasUsed: string;
  error?: string;
}

@Injectable()
export class ExecutionHandlers {
  constructor(
    private readonly execution: ExecutionService,
    private readonly accessLists: AccessListService,
  ) {}

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

  /** Handler for eth_createAccessList. */
  @RpcMethod('eth_createAccessList')
  async createAccessList(params: unknown): Promise<AccessListResultJson> {
    const { transaction, block } = decodeParams(EthCreateAccessListParams, params);
    const result = await this.accessLists.create(transaction, block);
    return {
      accessList: result.accessList,
      gasUsed: encodeQuantity(result.gasUsed),
      ...(result.error === undefined ? {} : { error: result.error }),
    };
  }
}

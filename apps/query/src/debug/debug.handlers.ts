// Handlers of the debug namespace's tracing methods (served when `--rpc-api` exposes `debug`).
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  DebugTraceBlockByHashParams,
  DebugTraceBlockByNumberParams,
  DebugTraceCallParams,
  DebugTraceTransactionParams,
  decodeParams,
} from '@photon/codec';
import { type BlockTraceItem, TraceService } from './trace.service';

@Injectable()
export class DebugHandlers {
  constructor(private readonly traces: TraceService) {}

  /** Handler for debug_traceTransaction. */
  @RpcMethod('debug_traceTransaction')
  traceTransaction(params: unknown): Promise<unknown> {
    const { transactionHash, config } = decodeParams(DebugTraceTransactionParams, params);
    return this.traces.traceTransaction(transactionHash, config);
  }

  /** Handler for debug_traceBlockByNumber. */
  @RpcMethod('debug_traceBlockByNumber')
  traceBlockByNumber(params: unknown): Promise<BlockTraceItem[]> {
    const { block, config } = decodeParams(DebugTraceBlockByNumberParams, params);
    return this.traces.traceBlock({ kind: 'param', param: block }, config);
  }

  /** Handler for debug_traceBlockByHash. */
  @RpcMethod('debug_traceBlockByHash')
  traceBlockByHash(params: unknown): Promise<BlockTraceItem[]> {
    const { blockHash, config } = decodeParams(DebugTraceBlockByHashParams, params);
    return this.traces.traceBlock({ kind: 'hash', hash: blockHash }, config);
  }

  /** Handler for debug_traceCall. */
  @RpcMethod('debug_traceCall')
  traceCall(params: unknown): Promise<unknown> {
    const { transaction, block, config } = decodeParams(DebugTraceCallParams, params);
    return this.traces.traceCall(transaction, block, config);
  }
}

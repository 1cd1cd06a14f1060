// Params DTOs of the debug namespace (tracing).
export {
  DebugTraceBlockByHashParams,
  DebugTraceBlockByNumberParams,
  DebugTraceCallParams,
  DebugTraceTransactionParams,
  TraceCallConfigDto,
  TraceConfigDto,
} from './trace.params';

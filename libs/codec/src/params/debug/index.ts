// Params DTOs of the debug namespace (tracing).
export {
  DebugTraceBlockByHashParams,
  DebugTraceBlockByNumberParams,
  DebugTraceCallParams,
  DebugTraceTransactionParams,
  TraceBlockOverridesDto,
  TraceCallConfigDto,
  TraceConfigDto,
} from './trace.params';

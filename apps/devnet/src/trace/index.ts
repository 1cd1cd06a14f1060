// Tracing (debug_trace*): the x/evm Trace* queries and the geth tracers behind them.
export { traceQueryRoutes } from './trace-queries';

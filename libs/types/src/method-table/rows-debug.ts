// The debug namespace rows Photon serves: EVM tracing, replayed by the engine (Ethermint's TraceTx,
// TraceBlock, TraceCall queries). Exposed only when `--rpc-api` lists `debug`, as on Ethermint.
import type { MethodRow } from './method-row';
import { optional, required } from './param';

/** A trace may replay a block and log every opcode: the tier's most expensive reads. */
const TRACE_COST = 20;

export const DEBUG_ROWS = [
  {
    method: 'debug_traceTransaction',
    namespace: 'debug',
    service: 'query',
    params: [required('transactionHash', 'HASH32'), optional('config', 'ANY')],
    result: 'ANY',
    timeout: 'scan',
    inventory: 'unmarked',
    summary:
      'Replays a transaction (after its block predecessors) with a tracer: the struct logger, callTracer, prestateTracer, 4byteTracer or noopTracer.',
    cost: TRACE_COST,
  },
  {
    method: 'debug_traceBlockByNumber',
    namespace: 'debug',
    service: 'query',
    params: [required('block', 'BLOCK_TAG_OR_NUMBER'), optional('config', 'ANY')],
    result: 'ANY',
    timeout: 'scan',
    inventory: 'unmarked',
    summary:
      'Traces every transaction of a block by number: one {txHash, result} or {txHash, error} per transaction.',
    cost: TRACE_COST,
  },
  {
    method: 'debug_traceBlockByHash',
    namespace: 'debug',
    service: 'query',
    params: [required('blockHash', 'HASH32'), optional('config', 'ANY')],
    result: 'ANY',
    timeout: 'scan',
    inventory: 'unmarked',
    summary:
      'Traces every transaction of a block by hash: one {txHash, result} or {txHash, error} per transaction.',
    cost: TRACE_COST,
  },
  {
    method: 'debug_traceCall',
    namespace: 'debug',
    service: 'query',
    params: [
      required('transaction', 'TRANSACTION_CALL'),
      optional('block', 'BLOCK_ID'),
      optional('config', 'ANY'),
    ],
    result: 'ANY',
    timeout: 'scan',
    inventory: 'unmarked',
    summary: 'Executes a call against the state of a block with a tracer, without creating a transaction.',
    cost: TRACE_COST,
  },
] as const satisfies readonly MethodRow[];

// The x/evm tracing queries (TraceTx, TraceCall, TraceBlock; query.proto and trace_config.proto): what
// debug_trace* sends through abci_query. Answers are the tracer's JSON in `data`.
import { protoCodec, type ProtoCodec } from '../proto-codec';
import { type ChainConfig } from './evm-params';
import { type MsgEthereumTx } from './evm-tx';

/** geth's tracers.TraceConfig as Ethermint carries it. */
export interface TraceConfig {
  /** A native tracer's name (`callTracer`, …); empty for the struct logger. */
  tracer: string;
  /** A Go duration (`5s`, `300ms`); empty for the default 5 s. */
  timeout: string;
  reexec: bigint;
  disableStack: boolean;
  disableStorage: boolean;
  debug: boolean;
  /** Most struct-logger entries; 0 is unlimited. */
  limit: number;
  overrides?: ChainConfig;
  enableMemory: boolean;
  enableReturnData: boolean;
  /** The tracer's `tracerConfig` as JSON text. */
  tracerJsonConfig: string;
  /** JSON state overrides (maintained line). */
  stateOverrides: Uint8Array;
  /** JSON block overrides (maintained line). */
  blockOverrides: Uint8Array;
}

/** google.protobuf.Timestamp. */
export interface ProtoTimestamp {
  seconds: bigint;
  nanos: number;
}

/** The block a traced tx or call runs in. */
interface TraceBlockContext {
  blockNumber: bigint;
  /** Hex without 0x, as Ethermint's `common.Bytes2Hex`. */
  blockHash: string;
  blockTime?: ProtoTimestamp;
  /** 20-byte consensus address of the block's proposer. */
  proposerAddress: Uint8Array;
  chainId: bigint;
}

export interface QueryTraceTxRequest extends TraceBlockContext {
  msg?: MsgEthereumTx;
  traceConfig?: TraceConfig;
  /** The block's Ethereum txs before `msg`, replayed first. */
  predecessors: MsgEthereumTx[];
}

export interface QueryTraceCallRequest extends TraceBlockContext {
  /** JSON TransactionArgs, UTF-8. */
  args: Uint8Array;
  gasCap: bigint;
  traceConfig?: TraceConfig;
}

export interface QueryTraceBlockRequest extends TraceBlockContext {
  txs: MsgEthereumTx[];
  traceConfig?: TraceConfig;
}

/** The answer of all three: the tracer's result as JSON (TraceBlock: `[{result}|{error}, …]`). */
export interface QueryTraceResponse {
  data: Uint8Array;
}

const evm = <T extends object>(name: string): ProtoCodec<T> => protoCodec<T>(`ethermint.evm.v1.${name}`);

export const TraceConfig: ProtoCodec<TraceConfig> = evm('TraceConfig');
export const QueryTraceTxRequest: ProtoCodec<QueryTraceTxRequest> = evm('QueryTraceTxRequest');
export const QueryTraceTxResponse: ProtoCodec<QueryTraceResponse> = evm('QueryTraceTxResponse');
export const QueryTraceCallRequest: ProtoCodec<QueryTraceCallRequest> = evm('QueryTraceCallRequest');
export const QueryTraceCallResponse: ProtoCodec<QueryTraceResponse> = evm('QueryTraceCallResponse');
export const QueryTraceBlockRequest: ProtoCodec<QueryTraceBlockRequest> = evm('QueryTraceBlockRequest');
export const QueryTraceBlockResponse: ProtoCodec<QueryTraceResponse> = evm('QueryTraceBlockResponse');

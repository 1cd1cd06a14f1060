// What the query service needs from its config, as a Nest token.
import type { ChainId } from '@photon/config';
import type { AcceptedTxRecords, EnginePost } from '@photon/engine-client';
import type { LogIndex } from '@photon/store';
import type { LogLimits } from './logs/log-limits';

export interface QueryOptions {
  readonly chainId: ChainId;
  /** CometBFT RPC of the engine (a real node or the devnet). */
  readonly engineUrl: URL;
  /**
   * The engine's JSON-RPC frames in memory instead of HTTP to `engineUrl` (`photon start` with its own devnet)
   * for the engine calls of reads, executions and traces; the head's websocket keeps `engineUrl`.
   */
  readonly enginePost?: EnginePost | undefined;
  /** eth_getLogs caps (--logs-max-block-range, --logs-max-results). */
  readonly logLimits: LogLimits;
  /** The log index the events leader writes (Redis in the cluster, memory for `photon start`). */
  readonly logIndex: LogIndex;
  /** Most gas one eth_call / eth_estimateGas may use (--rpc-gas-cap; LIMITS.md: 25,000,000). */
  readonly gasCap: bigint;
  /** The txs the tier accepted (the tx service's record): pending answers merge it past CometBFT's 100. */
  readonly accepted: AcceptedTxRecords;
  /** Bound of the answers kept at committed heights (FinalAnswers), in estimated bytes; 0 keeps none. */
  readonly finalAnswersBytes?: number;
  /** Most engine reads sent as one JSON-RPC batch (--engine-batch); 1 or absent sends each alone. */
  readonly engineBatch?: number;
  /** debug_trace* bounds (--max-traces-in-flight, --max-trace-bytes); defaults 4 and 25,000,000. */
  readonly traceLimits?: TraceLimits;
}

export interface TraceLimits {
  /** Traces run on the engine at once by this replica; as many more wait. */
  readonly inFlight: number;
  /** Largest trace result, in JSON bytes. */
  readonly maxBytes: number;
}

export const QUERY_OPTIONS = Symbol('QUERY_OPTIONS');

// The query service's part of a command's config (`photon query` and `photon start` alike), reading
// the engine at `engineUrl`.
import type { QueryConfig } from '@photon/config';
import type { AcceptedTxRecords, EnginePost } from '@photon/engine-client';
import type { QueryOptions } from '@photon/query';
import type { LogIndex } from '@photon/store';

type QuerySettings = Pick<
  QueryConfig,
  | 'chainId'
  | 'logsMaxBlockRange'
  | 'logsMaxResults'
  | 'rpcGasCap'
  | 'queryCacheBytes'
  | 'engineBatch'
  | 'maxTracesInFlight'
  | 'maxTraceBytes'
>;

export function queryOptionsOf(
  config: QuerySettings,
  engineUrl: URL,
  stores: { accepted: AcceptedTxRecords; logIndex: LogIndex },
  /** `photon start` with its own devnet: the engine's frames in memory (QueryOptions.enginePost). */
  enginePost?: EnginePost,
): QueryOptions {
  return {
    chainId: config.chainId,
    engineUrl,
    enginePost,
    logLimits: { maxBlockRange: config.logsMaxBlockRange, maxResults: config.logsMaxResults },
    gasCap: BigInt(config.rpcGasCap),
    finalAnswersBytes: config.queryCacheBytes,
    engineBatch: config.engineBatch,
    traceLimits: { inFlight: config.maxTracesInFlight, maxBytes: config.maxTraceBytes },
    accepted: stores.accepted,
    logIndex: stores.logIndex,
  };
}

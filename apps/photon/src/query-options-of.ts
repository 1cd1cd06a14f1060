// The query service's part of a command's config (`photon query` and `photon start` alike), reading
// the engine at `engineUrl`.
import type { QueryConfig } from '@photon/config';
import type { AcceptedTxRecords } from '@photon/engine-client';
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
): QueryOptions {
  return {
    chainId: config.chainId,
    engineUrl,
    logLimits: { maxBlockRange: config.logsMaxBlockRange, maxResults: config.logsMaxResults },
    gasCap: BigInt(config.rpcGasCap),
    finalAnswersBytes: config.queryCacheBytes,
    engineBatch: config.engineBatch,
    traceLimits: { inFlight: config.maxTracesInFlight, maxBytes: config.maxTraceBytes },
    accepted: stores.accepted,
    logIndex: stores.logIndex,
  };
}

// Front door of @photon/ops: what every command needs to be operated: the ops listener (/healthz,
// /readyz, /metrics), the process's metrics, readiness checks and the draining state.
export { Draining } from './draining';
export {
  Readiness,
  cachedCheck,
  readinessStatus,
  type Check,
  type ReadinessReport,
  type ReadinessSource,
  type ReadinessStatus,
} from './readiness';
export { OpsMetrics } from './ops-metrics';
export {
  ScrapeSources,
  type EventsReading,
  type HeadSeen,
  type HitsAndMisses,
  type SocketReading,
  type TxJournalReading,
} from './scrape-sources';
export {
  INVALID_REQUEST,
  INTERNAL_ERROR_CODE,
  UNKNOWN_METHOD,
  errorCodeOf,
  methodLabel,
} from './metric-labels';
export { serveOps, type OpsEndpoints, type OpsServer } from './ops-server';
export { within } from './within';

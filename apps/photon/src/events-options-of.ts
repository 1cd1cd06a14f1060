// The events service's part of a command's config (`photon events` and `photon start` alike), reading
// the engine at `engineUrl`, keeping filters, the head leadership and the log index in `stores`.
import type { EventsConfig, LogIndexFrom } from '@photon/config';
import type { EventsOptions } from '@photon/events';
import type { FilterStore, FilterStoreSettings, HeadLeadership, LogIndex } from '@photon/store';

type EventsSettings = Pick<
  EventsConfig,
  | 'filterTimeoutMs'
  | 'filterCap'
  | 'filterCapPerClient'
  | 'filterCriteriaBytesPerClient'
  | 'logsMaxBlockRange'
  | 'engineQueries'
  | 'engineSubscriptionsPerConnection'
  | 'logIndexFrom'
>;

/** Most blocks one filter poll reads, whatever --logs-max-block-range allows. */
const BLOCKS_PER_POLL = 1_000;
/** The publishing replica's lease: a standby takes over within it (the events issue asks for 5 s). */
const HEAD_LEASE_MS = 3_000;
/** How often the bridge looks at the engine when no NewBlock event woke it. */
const HEAD_POLL_MS = 500;

/** How deep the log index goes by default on an engine of someone else's (the 100,000 blocks). */
const DEFAULT_INDEX_DEPTH = 100_000n;

/**
 * Where the log index starts: as configured, else from genesis on the embedded devnet (its whole history is
 * ours and short) and 100,000 blocks below the head on any other engine.
 */
export function logIndexStartOf(configured: LogIndexFrom | null, embeddedEngine: boolean): LogIndexFrom {
  if (configured !== null) return configured;
  return embeddedEngine ? { kind: 'height', height: 1n } : { kind: 'depth', blocks: DEFAULT_INDEX_DEPTH };
}

/** What a filter store needs of the config: the idle timeout and the caps. */
export function filterStoreSettingsOf(config: EventsSettings): FilterStoreSettings {
  return {
    timeoutMs: config.filterTimeoutMs,
    caps: {
      perTier: config.filterCap,
      perClient: config.filterCapPerClient,
      criteriaBytesPerClient: config.filterCriteriaBytesPerClient,
    },
  };
}

export function eventsOptionsOf(
  config: EventsSettings,
  engineUrl: URL,
  stores: { filters: FilterStore; leadership: HeadLeadership; logIndex: LogIndex },
  engine: { embedded: boolean; onLeadership?: (leading: boolean) => void },
): EventsOptions {
  const { embedded, onLeadership } = engine;
  const indexFrom = logIndexStartOf(config.logIndexFrom, embedded);
  return {
    engineUrl,
    filters: stores.filters,
    bridge: {
      leadership: stores.leadership,
      leaseMs: HEAD_LEASE_MS,
      pollMs: HEAD_POLL_MS,
      ...(onLeadership === undefined ? {} : { onLeadership }),
    },
    maxBlocksPerPoll: Math.min(BLOCKS_PER_POLL, config.logsMaxBlockRange),
    engineQueries: { max: config.engineQueries, perConnection: config.engineSubscriptionsPerConnection },
    ...(indexFrom.kind === 'off' ? {} : { logIndex: { index: stores.logIndex, from: indexFrom } }),
  };
}

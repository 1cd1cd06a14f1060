// The events service's part of a command's config (`photon events` and `photon start` alike), reading
// the engine at `engineUrl`, keeping filters in `filters`.
import type { EventsConfig } from '@photon/config';
import type { EventsOptions } from '@photon/events';
import type { FilterStore, FilterStoreSettings, HeadLeadership } from '@photon/store';

type EventsSettings = Pick<
  EventsConfig,
  | 'filterTimeoutMs'
  | 'filterCap'
  | 'filterCapPerClient'
  | 'logsMaxBlockRange'
  | 'engineQueries'
  | 'engineSubscriptionsPerConnection'
>;

/** Most blocks one filter poll reads, whatever --logs-max-block-range allows. */
const BLOCKS_PER_POLL = 1_000;
/** The publishing replica's lease: a standby takes over within it (the events issue asks for 5 s). */
const HEAD_LEASE_MS = 3_000;
/** How often the bridge looks at the engine when no NewBlock event woke it. */
const HEAD_POLL_MS = 500;

/** What a filter store needs of the config: the idle timeout and the caps. */
export function filterStoreSettingsOf(config: EventsSettings): FilterStoreSettings {
  return {
    timeoutMs: config.filterTimeoutMs,
    caps: { perTier: config.filterCap, perClient: config.filterCapPerClient },
  };
}

export function eventsOptionsOf(
  config: EventsSettings,
  engineUrl: URL,
  stores: { filters: FilterStore; leadership: HeadLeadership },
  onLeadership?: (leading: boolean) => void,
): EventsOptions {
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
  };
}

// What the events service needs from its config, as a Nest token.
import type { FilterStore, HeadLeadership, LogIndex } from '@photon/store';
import type { IndexStart } from './log-index/index-builder';

export interface EventsOptions {
  /** CometBFT RPC of the engine (a real node or the devnet). */
  readonly engineUrl: URL;
  /** Live polling filters: Redis in the cluster, memory for `photon start`. */
  readonly filters: FilterStore;
  /**
   * Most blocks one eth_getFilterChanges reads (at most --logs-max-block-range, which the query service
   * enforces on the eth_getLogs it is asked); a filter further behind catches up over several polls.
   */
  readonly maxBlocksPerPoll: number;
  /** The engine bridge: who publishes the chain heads, and how often it looks when no event wakes it. */
  readonly bridge: {
    readonly leadership: HeadLeadership;
    /** The lease of the publishing replica; a standby takes over within it after the leader dies. */
    readonly leaseMs: number;
    readonly pollMs: number;
    /** Told when this replica starts or stops publishing the heads (the command announces it). */
    readonly onLeadership?: (leading: boolean) => void;
  };
  /** The upstream side of the engine-event websocket (the leader subscribes each distinct query once). */
  readonly engineQueries: {
    /** Most distinct queries held upstream (--engine-queries). */
    readonly max: number;
    /** Queries per upstream websocket: the engine's max_subscriptions_per_client. */
    readonly perConnection: number;
  };
  /** The eth_getLogs index the leader keeps (absent: --log-index-from off); the query service reads it. */
  readonly logIndex?: {
    readonly index: LogIndex;
    /** Its first block, resolved by the command (a number, or a depth below the head). */
    readonly from: IndexStart;
  };
}

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');

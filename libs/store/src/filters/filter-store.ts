// The contract of the filter store: every live polling filter of the tier with its criteria and a cursor
// (what was delivered last), never a buffer of results, so any replica behind any gateway answers any
// filter. A poll that found changes moves the cursor in two steps: it proposes the new position, and the
// gateway confirms it once the reply reached it; a reply lost on the way (NATS restarted, a replica killed)
// leaves the cursor where it was, so the next poll delivers those changes again. A filter idles out after
// the filter timeout unless a poll advances it (geth: only eth_getFilterChanges resets the deadline). Caps
// bound live filters per tier and per client, and the criteria bytes one client's filters hold.

export type FilterKind = 'logs' | 'blocks' | 'pending';

export interface FilterRecord {
  /** `0x` + 32 hex digits, random. */
  readonly id: string;
  readonly kind: FilterKind;
  /** Log filters: the criteria JSON as the client sent them (already validated); held as one JSON text. */
  readonly criteria?: unknown;
  /** What the criteria weigh against the client's criteria bytes (filterCriteriaBytes); 0 when absent. */
  readonly criteriaBytes?: number;
  /** The last delivered position: a height (decimal) for log and block filters, a feed position for pending. */
  readonly cursor: string;
  /** Who installed it, for the per-client cap ('internal' for calls without an address). */
  readonly client: string;
}

/** What became of a poll's proposed cursor (see FilterStore.confirm). */
export type FilterConfirmation = 'confirmed' | 'superseded' | 'gone';

export interface FilterCaps {
  /** Live filters of the whole tier. */
  readonly perTier: number;
  /** Live filters of one client address. */
  readonly perClient: number;
  /** Criteria bytes the live filters of one client address hold together; absent: no bound. */
  readonly criteriaBytesPerClient?: number;
}

/** A cap was reached: the filter was not installed. */
export class FilterCapError extends Error {
  constructor(
    readonly scope: 'tier' | 'client' | 'client-bytes',
    readonly cap: number,
  ) {
    super(
      scope === 'client-bytes'
        ? `filter cap reached: ${cap} criteria bytes per client`
        : `filter cap reached: ${cap} live filters per ${scope}`,
    );
    this.name = 'FilterCapError';
  }
}

export abstract class FilterStore {
  /** Installs `filter` (its idle timer starts) unless a cap is reached (FilterCapError). */
  abstract install(filter: FilterRecord): Promise<void>;

  /** The live filter `id`, or null (never installed, uninstalled or idled out). Does not reset its timer. */
  abstract get(id: string): Promise<FilterRecord | null>;

  /**
   * Moves the cursor from `from` to `to` at once (a poll with nothing to deliver), dropping any proposal, and
   * restarts the idle timer. False when the cursor is not `from` any more (another poll delivered first:
   * read it again) or the filter is gone.
   */
  abstract advance(id: string, from: string, to: string): Promise<boolean>;

  /**
   * Proposes moving the cursor from `from` to `to` for the poll `poll` (the position stays tentative until
   * `confirm`), replacing any earlier proposal, and restarts the idle timer. False as `advance`.
   */
  abstract propose(id: string, from: string, to: string, poll: string): Promise<boolean>;

  /**
   * Moves the cursor to the position `poll` proposed: `confirmed`, also when `poll` was confirmed already
   * (one of the last CONFIRMED_POLLS_KEPT: a gateway sends a confirmation again when its answer was lost);
   * `superseded` when a later poll proposed or moved it since (that poll delivers the same changes: this
   * one's are not to be delivered), `gone` when the filter is.
   */
  abstract confirm(id: string, poll: string): Promise<FilterConfirmation>;

  /** Removes the filter; false if it was not live. */
  abstract uninstall(id: string): Promise<boolean>;

  /** Live filters of the tier (for limits and metrics). */
  abstract count(): Promise<number>;
}

/** Confirmed polls a filter remembers, so that a confirmation sent again is answered `confirmed`. */
export const CONFIRMED_POLLS_KEPT = 4;

/** geth's filter timeout: 5 minutes without eth_getFilterChanges. */
export const FILTER_TIMEOUT_MS = 5 * 60 * 1000;

/**
 * LIMITS.md: 10,000 per tier and 200 per client IP (Ethermint's cap is 200 per node); 16 MiB of criteria per
 * client (about 54 filters of geth's maximal 1,000 addresses and 4 x 1,000 topics).
 */
export const DEFAULT_FILTER_CAPS: FilterCaps = {
  perTier: 10_000,
  perClient: 200,
  criteriaBytesPerClient: 16 * 1024 * 1024,
};

export const filterKey = (id: string): string => id.toLowerCase();

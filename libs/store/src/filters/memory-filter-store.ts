// The filter store of `photon start`: a map in the one process, deadlines checked against the clock on
// every read, never left to timers. Criteria are kept as one JSON text each (as in Redis), not as the
// parsed object, whose thousands of small strings cost about twice as much heap.
import {
  DEFAULT_FILTER_CAPS,
  CONFIRMED_POLLS_KEPT,
  FILTER_TIMEOUT_MS,
  type FilterCaps,
  FilterCapError,
  type FilterConfirmation,
  type FilterRecord,
  FilterStore,
  filterKey,
} from './filter-store';

export interface FilterStoreSettings {
  readonly timeoutMs?: number;
  readonly caps?: FilterCaps;
}

interface Live {
  /** The record without its criteria, which `criteria` holds as JSON text. */
  filter: FilterRecord;
  readonly criteria: string | undefined;
  expiresAt: number;
  /** The position a poll proposed and the gateway has not confirmed yet. */
  proposed?: { readonly to: string; readonly poll: string };
  /** The last confirmed polls, newest first (CONFIRMED_POLLS_KEPT at most). */
  confirmed: readonly string[];
}

export class MemoryFilterStore extends FilterStore {
  private readonly filters = new Map<string, Live>();
  private readonly timeoutMs: number;
  private readonly caps: FilterCaps;

  constructor(
    settings: FilterStoreSettings = {},
    private readonly now: () => number = Date.now,
  ) {
    super();
    this.timeoutMs = settings.timeoutMs ?? FILTER_TIMEOUT_MS;
    this.caps = settings.caps ?? DEFAULT_FILTER_CAPS;
  }

  install(filter: FilterRecord): Promise<void> {
    this.sweep();
    if (this.filters.size >= this.caps.perTier)
      return Promise.reject(new FilterCapError('tier', this.caps.perTier));
    let ofClient = 0;
    let clientBytes = filter.criteriaBytes ?? 0;
    for (const live of this.filters.values()) {
      if (live.filter.client !== filter.client) continue;
      ofClient++;
      clientBytes += live.filter.criteriaBytes ?? 0;
    }
    if (ofClient >= this.caps.perClient)
      return Promise.reject(new FilterCapError('client', this.caps.perClient));
    const bytesCap = this.caps.criteriaBytesPerClient;
    if (bytesCap !== undefined && clientBytes > bytesCap)
      return Promise.reject(new FilterCapError('client-bytes', bytesCap));
    const id = filterKey(filter.id);
    const { criteria, ...rest } = filter;
    this.filters.set(id, {
      filter: { ...rest, id },
      criteria: criteria === undefined ? undefined : JSON.stringify(criteria),
      expiresAt: this.now() + this.timeoutMs,
      confirmed: [],
    });
    return Promise.resolve();
  }

  get(id: string): Promise<FilterRecord | null> {
    const live = this.live(id);
    if (live === undefined) return Promise.resolve(null);
    if (live.criteria === undefined) return Promise.resolve(live.filter);
    return Promise.resolve({ ...live.filter, criteria: JSON.parse(live.criteria) as unknown });
  }

  advance(id: string, from: string, to: string): Promise<boolean> {
    const live = this.live(id);
    if (live === undefined || live.filter.cursor !== from) return Promise.resolve(false);
    live.filter = { ...live.filter, cursor: to };
    live.expiresAt = this.now() + this.timeoutMs;
    delete live.proposed;
    return Promise.resolve(true);
  }

  propose(id: string, from: string, to: string, poll: string): Promise<boolean> {
    const live = this.live(id);
    if (live === undefined || live.filter.cursor !== from) return Promise.resolve(false);
    live.proposed = { to, poll };
    live.expiresAt = this.now() + this.timeoutMs;
    return Promise.resolve(true);
  }

  confirm(id: string, poll: string): Promise<FilterConfirmation> {
    const live = this.live(id);
    if (live === undefined) return Promise.resolve('gone');
    if (live.proposed?.poll !== poll)
      return Promise.resolve(live.confirmed.includes(poll) ? 'confirmed' : 'superseded');
    live.filter = { ...live.filter, cursor: live.proposed.to };
    live.confirmed = [poll, ...live.confirmed.slice(0, CONFIRMED_POLLS_KEPT - 1)];
    delete live.proposed;
    return Promise.resolve('confirmed');
  }

  uninstall(id: string): Promise<boolean> {
    const live = this.live(id);
    if (live !== undefined) this.filters.delete(live.filter.id);
    return Promise.resolve(live !== undefined);
  }

  count(): Promise<number> {
    this.sweep();
    return Promise.resolve(this.filters.size);
  }

  private live(id: string): Live | undefined {
    const key = filterKey(id);
    const live = this.filters.get(key);
    if (live === undefined) return undefined;
    if (live.expiresAt > this.now()) return live;
    this.filters.delete(key);
    return undefined;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, live] of this.filters) if (live.expiresAt <= now) this.filters.delete(id);
  }
}

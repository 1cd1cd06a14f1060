// The filter store of `photon start`: a map in the one process, deadlines checked against the clock on
// every read, never left to timers.
import {
  DEFAULT_FILTER_CAPS,
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
  filter: FilterRecord;
  expiresAt: number;
  /** The position a poll proposed and the gateway has not confirmed yet. */
  proposed?: { readonly to: string; readonly poll: string };
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
    for (const live of this.filters.values()) if (live.filter.client === filter.client) ofClient++;
    if (ofClient >= this.caps.perClient)
      return Promise.reject(new FilterCapError('client', this.caps.perClient));
    const id = filterKey(filter.id);
    this.filters.set(id, { filter: { ...filter, id }, expiresAt: this.now() + this.timeoutMs });
    return Promise.resolve();
  }

  get(id: string): Promise<FilterRecord | null> {
    return Promise.resolve(this.live(id)?.filter ?? null);
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
    if (live.proposed?.poll !== poll) return Promise.resolve('superseded');
    live.filter = { ...live.filter, cursor: live.proposed.to };
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

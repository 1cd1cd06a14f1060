// Metrics read at scrape time from what the apps already keep (the query caches' totals, the head each
// service saw, live filters, websocket sessions, the bridge leadership): no counting of their own, only a
// reading per scrape. A process registers the sources it has; the metrics of sources it lacks stay empty
// (every one has a label, so an empty one shows no sample rather than a misleading 0).
import { Counter, Gauge, type Registry } from 'prom-client';
import { within } from './within';

export interface HitsAndMisses {
  readonly hits: number;
  readonly misses: number;
}

/** The newest head a process saw and when (epoch ms). */
export interface HeadSeen {
  readonly height: bigint;
  readonly atMs: number;
}

/** What the events service tells at scrape time. */
export interface EventsReading {
  readonly liveFilters: number;
  readonly leading: boolean;
  /** The last head this replica published, while it leads. */
  readonly published?: HeadSeen;
}

/**
 * Websocket sessions and their subscriptions, per socket kind (`eth`: JSON-RPC, `engine`: /websocket), and
 * where a kind keeps them, what its sockets hold: paused readers, unsent bytes, subscription criteria bytes.
 */
export type SocketReading = Readonly<
  Record<
    string,
    {
      readonly sessions: number;
      readonly subscriptions: number;
      readonly paused?: number;
      readonly unsentBytes?: number;
      readonly criteriaBytes?: number;
    }
  >
>;

/** What the tx service's journal did: txs kept at its last round, sent again, and dropped per reason. */
export interface TxJournalReading {
  readonly kept: number;
  readonly rebroadcast: number;
  readonly dropped: Readonly<Record<string, number>>;
}

/** Bound on a scrape-time read that asks a store (live filters are counted in Redis). */
const READ_TIMEOUT_MS = 1_000;
/** Metrics of one scrape that come from one reading share it for this long. */
const SHARED_READ_MS = 250;

type Put<L extends string> = (labels: Partial<Record<L, string>>, value: number) => void;
type Fill<L extends string> = (put: Put<L>) => void | Promise<void>;

/**
 * A scrape-time `collect` that empties the metric and fills it again from its source. A source that fails
 * leaves its metric empty for this scrape rather than failing the scrape.
 */
function refillFrom<L extends string, M extends { reset(): void }>(
  fill: Fill<L>,
  put: (metric: M, labels: Partial<Record<L, string>>, value: number) => void,
): (this: M) => Promise<void> {
  return async function collect(this: M): Promise<void> {
    this.reset();
    try {
      await fill((labels, value) => put(this, labels, value));
    } catch {
      this.reset();
    }
  };
}

export class ScrapeSources {
  private readonly caches: (() => Readonly<Record<string, HitsAndMisses>>)[] = [];
  private readonly edges: (() => Readonly<Record<string, HitsAndMisses>>)[] = [];
  private readonly heads = new Map<string, () => HeadSeen | undefined>();
  private readonly inFlight = new Map<string, () => number>();
  private readonly sockets: (() => SocketReading)[] = [];
  private events: (() => Promise<EventsReading | undefined>) | undefined;
  private journal: (() => TxJournalReading) | undefined;

  constructor(registry: Registry) {
    const registers = [registry];
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: Fill<L>) =>
      new Counter<L>({
        name,
        help,
        labelNames,
        registers,
        collect: refillFrom(fill, (metric: Counter<L>, labels, value) => metric.inc(labels, value)),
      });
    const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], fill: Fill<L>) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        collect: refillFrom(fill, (metric: Gauge<L>, labels, value) => metric.set(labels, value)),
      });
    // Each source of hits and misses makes a pair of counters: `<prefix>_hits_total`, `<prefix>_misses_total`.
    const hitsAndMisses = <L extends string>(
      prefix: string,
      help: { hits: string; misses: string },
      label: L,
      reads: readonly (() => Readonly<Record<string, HitsAndMisses>>)[],
    ) => {
      for (const outcome of ['hits', 'misses'] as const)
        counter(`${prefix}_${outcome}_total`, help[outcome], [label], (put) => {
          for (const read of reads)
            for (const [name, stats] of Object.entries(read()))
              put({ [label]: name } as Record<L, string>, stats[outcome]);
        });
    };
    hitsAndMisses(
      'photon_query_cache',
      {
        hits: "Reads the query service's caches answered, per cache",
        misses: "Reads the query service's caches did not answer, per cache",
      },
      'cache',
      this.caches,
    );
    hitsAndMisses(
      'photon_gateway_edge',
      {
        hits: 'Calls the gateway answered itself from what it keeps, per kind of edge answer',
        misses: 'Calls of edge-answered methods the gateway had to ask a service, per kind of edge answer',
      },
      'kind',
      this.edges,
    );
    gauge(
      'photon_engine_height',
      'Newest chain height this process saw, per service',
      ['service'],
      async (put) => {
        for (const [service, head] of await this.headsSeen()) put({ service }, Number(head.height));
      },
    );
    gauge(
      'photon_engine_head_age_seconds',
      'Seconds since this process saw a new head, per service',
      ['service'],
      async (put) => {
        const nowMs = Date.now();
        for (const [service, head] of await this.headsSeen())
          put({ service }, Math.max(0, nowMs - head.atMs) / 1000);
      },
    );
    gauge(
      'photon_bus_requests_in_flight',
      'Bus requests this service took and has not answered yet',
      ['service'],
      (put) => {
        for (const [service, read] of this.inFlight) put({ service }, read());
      },
    );
    gauge(
      'photon_ws_sessions',
      'Open websocket sessions of this gateway, per socket (eth: JSON-RPC, engine: /websocket)',
      ['socket'],
      this.perSocket('sessions'),
    );
    gauge(
      'photon_ws_subscriptions',
      'Live subscriptions of those sessions, per socket',
      ['socket'],
      this.perSocket('subscriptions'),
    );
    gauge(
      'photon_ws_paused_sessions',
      'Sessions whose requests wait unread until their unsent replies drain, per socket',
      ['socket'],
      this.perSocket('paused'),
    );
    gauge(
      'photon_ws_unsent_bytes',
      'Bytes written to the sessions and not yet taken by their clients, per socket',
      ['socket'],
      this.perSocket('unsentBytes'),
    );
    gauge(
      'photon_ws_criteria_bytes',
      'Criteria bytes (42 per address, 66 per topic) the logs subscriptions of the sessions hold, per socket',
      ['socket'],
      this.perSocket('criteriaBytes'),
    );
    gauge(
      'photon_filters_live',
      "Live polling filters of the tier (the store's count), as the events service reads it",
      ['service'],
      async (put) => {
        const reading = await this.events?.();
        if (reading !== undefined) put({ service: 'events' }, reading.liveFilters);
      },
    );
    gauge(
      'photon_events_leader',
      '1 while this events replica leads the engine bridge (publishes the heads), else 0',
      ['service'],
      async (put) => {
        const reading = await this.events?.();
        if (reading !== undefined) put({ service: 'events' }, reading.leading ? 1 : 0);
      },
    );
    gauge(
      'photon_tx_kept',
      'Accepted txs kept until mined (the journal), as the last rebroadcast round of this process read them',
      ['service'],
      (put) => {
        const reading = this.journal?.();
        if (reading !== undefined) put({ service: 'tx' }, reading.kept);
      },
    );
    counter(
      'photon_tx_rebroadcast_total',
      'Kept txs this process sent again because the engine had lost them (a restart, an eviction)',
      ['service'],
      (put) => {
        const reading = this.journal?.();
        if (reading !== undefined) put({ service: 'tx' }, reading.rebroadcast);
      },
    );
    counter(
      'photon_tx_dropped_total',
      'Kept txs this process gave up without a receipt, per reason (expired, refused, replaced)',
      ['reason'],
      (put) => {
        const reading = this.journal?.();
        if (reading !== undefined)
          for (const [reason, count] of Object.entries(reading.dropped)) put({ reason }, count);
      },
    );
  }

  /** The tx journal of this process (`photon tx`, or `photon start`). */
  watchTxJournal(read: () => TxJournalReading): void {
    this.journal = read;
  }

  /** Hit and miss totals per cache name, as the query service keeps them. */
  watchCaches(read: () => Readonly<Record<string, HitsAndMisses>>): void {
    this.caches.push(read);
  }

  /** Hit and miss totals per kind of the gateway's edge answers (`head-number`, `head-state`, `final`, …). */
  watchEdge(read: () => Readonly<Record<string, HitsAndMisses>>): void {
    this.edges.push(read);
  }

  /** The head `service` saw last. */
  watchHead(service: string, read: () => HeadSeen | undefined): void {
    this.heads.set(service, read);
  }

  /** Bus requests `service` took and has not answered yet. */
  watchInFlight(service: string, read: () => number): void {
    this.inFlight.set(service, read);
  }

  watchSockets(read: () => SocketReading): void {
    this.sockets.push(read);
  }

  /** Live filters, the leadership and the published head of the events service, read once per scrape. */
  watchEvents(read: () => Promise<EventsReading>): void {
    this.events = sharedRead(() => within(read(), READ_TIMEOUT_MS, 'events reading').catch(() => undefined));
  }

  private perSocket(
    count: 'sessions' | 'subscriptions' | 'paused' | 'unsentBytes' | 'criteriaBytes',
  ): Fill<'socket'> {
    return (put) => {
      for (const read of this.sockets)
        for (const [socket, counts] of Object.entries(read())) {
          const value = counts[count];
          if (value !== undefined) put({ socket }, value);
        }
    };
  }

  private async headsSeen(): Promise<[string, HeadSeen][]> {
    const seen: [string, HeadSeen][] = [];
    for (const [service, read] of this.heads) {
      const head = read();
      if (head !== undefined) seen.push([service, head]);
    }
    const published = (await this.events?.())?.published;
    if (published !== undefined && !this.heads.has('events')) seen.push(['events', published]);
    return seen;
  }
}

/** `read`, asked at most once per SHARED_READ_MS: the metrics of one scrape share one reading. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { atMs: number; value: Promise<T> } | undefined;
  return () => {
    const nowMs = Date.now();
    if (last === undefined || nowMs - last.atMs >= SHARED_READ_MS) last = { atMs: nowMs, value: read() };
    return last.value;
  };
}

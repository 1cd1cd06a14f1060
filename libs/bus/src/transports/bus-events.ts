// The events services publish on the bus, by subject, with their payloads: fire-and-forget
// notices (no reply, no delivery guarantee) for filters, subscriptions and the engine-event websocket.

/** One event of an engine subscription, as the engine pushed it (`result.data` and `result.events`). */
export interface EngineEventPayload {
  /** The query in canonical form (CometBFT's `String()` of the parsed query): the key gateways match on. */
  readonly query: string;
  /** `tendermint/event/Tx`, `…/NewBlock`, … */
  readonly type: string;
  readonly value: unknown;
  readonly events: Readonly<Record<string, readonly string[]>>;
}

export interface BusEvents {
  /**
   * The engine committed `height` (decimal): the events leader says so the moment the engine does, before
   * the height's head event is built, and a query service when it reads a committed height past the head
   * it knew (before its answer leaves), so everything that answers `latest` moves with the engine.
   */
  'chain.height': { readonly height: string };
  /**
   * A gateway's engine-event clients follow these queries (canonical form), every one of them: sent on a
   * change and as a heartbeat; a gateway not heard of for `ttlMs` follows nothing.
   */
  'engine.queries.held': {
    readonly gateway: string;
    readonly queries: readonly string[];
    /** Those of `queries` the gateway waits to hear an `engine.query.answer` for (it repeats until it does). */
    readonly awaiting: readonly string[];
    readonly ttlMs: number;
    /**
     * Per client address, the queries its connections follow on this gateway, and the gateway's share of
     * distinct queries per address (--engine-queries-per-client): the leader refuses a new query to an
     * address past its share over every gateway. Absent from gateways that predate the tier-wide share.
     */
    readonly clients?: Readonly<Record<string, readonly string[]>>;
    readonly queriesPerClient?: number;
  };
  /** A new events leader asks every gateway to send its `engine.queries.held` now. */
  'engine.queries.ask': Record<string, never>;
  /**
   * The events leader's answer to a gateway that began following `query`: the upstream subscription is
   * held (`error` absent) or could not be made (`error` says why).
   */
  'engine.query.answer': { readonly gateway: string; readonly query: string; readonly error?: string };
  /** One event of an upstream engine subscription, for the gateways to fan out. */
  'engine.event': EngineEventPayload;
}

export type BusEventSubject = keyof BusEvents;

export type BusEventListener<S extends BusEventSubject> = (payload: BusEvents[S]) => void;

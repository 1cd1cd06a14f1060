// The upstream half of the engine-event websocket. Gateways announce the queries their clients follow
// (`engine.queries.held`, on a change and as a heartbeat); every events replica keeps that interest, and the
// one holding the head leadership subscribes each distinct query once at the engine and relays its events
// on the bus (`engine.event`) to every gateway. A query no gateway follows any more, or whose gateways went
// silent, is unsubscribed; a new leader asks the gateways to announce at once and subscribes everything
// again, so a failover costs the events of the moments without a leader (CometBFT itself replays nothing).
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type BusEvents, MethodBus } from '@photon/bus';
import type { CometEventMessage } from '@photon/engine-client';
import { HeadBridge } from '../bridge/head-bridge';
import { EVENTS_OPTIONS, type EventsOptions } from '../events-options';
import { SerialRounds } from '../serial-rounds';
import { UpstreamSubscriptions } from './upstream-subscriptions';

/** How often interest is expired and the upstream set repaired when nothing else wakes the relay. */
const RECONCILE_MS = 1_000;

export interface EngineQueryStats {
  /** Distinct queries subscribed at the engine by this replica (0 on a standby). */
  readonly upstreamQueries: number;
  /** Engine websockets carrying them. */
  readonly upstreamConnections: number;
  /** Gateways whose interest is current. */
  readonly gateways: number;
}

@Injectable()
export class EngineQueryRelay implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('events');
  private readonly interest = new Map<string, GatewayInterest>();
  /** Per gateway, the queries it waits for an answer about. */
  private toAnswer = new Map<string, Set<string>>();
  /** Per gateway, the queries refused to it for its clients' share: never held until it stops listing them. */
  private readonly refusedForShare = new Map<string, Set<string>>();
  private readonly removers: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly rounds = new SerialRounds(
    () => this.reconcile(),
    (error) => this.log.warn(`engine-event queries: ${String(error)}`),
  );
  private relayProblem: string | undefined;

  constructor(
    private readonly bus: MethodBus,
    private readonly bridge: HeadBridge,
    private readonly upstream: UpstreamSubscriptions,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.removers.push(
      this.bus.subscribe('engine.queries.held', (held) => this.heard(held)),
      this.bridge.onLeadershipChange((leading) => {
        if (leading) this.bus.publish('engine.queries.ask', {});
        this.rounds.wake();
      }),
    );
    this.timer = setInterval(() => this.rounds.wake(), RECONCILE_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    for (const remove of this.removers) remove();
    await this.rounds.stop();
    await this.upstream.dropAll();
  }

  stats(): EngineQueryStats {
    return {
      upstreamQueries: this.upstream.size,
      upstreamConnections: this.upstream.connectionCount,
      gateways: this.interest.size,
    };
  }

  private heard(held: BusEvents['engine.queries.held']): void {
    const clients = new Map<string, ReadonlySet<string>>();
    for (const [address, queries] of Object.entries(held.clients ?? {}))
      clients.set(address, new Set(queries));
    const queries = new Set(held.queries);
    this.interest.set(held.gateway, {
      queries,
      expiresAt: Date.now() + held.ttlMs,
      clients,
      queriesPerClient: held.queriesPerClient,
    });
    const refused = this.refusedForShare.get(held.gateway);
    if (refused !== undefined) {
      for (const query of refused) if (!queries.has(query)) refused.delete(query);
      if (refused.size === 0) this.refusedForShare.delete(held.gateway);
    }
    if (held.awaiting.length > 0) {
      const waiting = this.toAnswer.get(held.gateway) ?? new Set<string>();
      for (const query of held.awaiting) waiting.add(query);
      this.toAnswer.set(held.gateway, waiting);
    }
    this.rounds.wake();
  }

  private async reconcile(): Promise<void> {
    const now = Date.now();
    for (const [gateway, entry] of this.interest) {
      if (entry.expiresAt > now) continue;
      this.interest.delete(gateway);
      this.refusedForShare.delete(gateway);
    }
    const answers = this.toAnswer;
    this.toAnswer = new Map();
    // A standby holds nothing and answers nobody: the gateways repeat their question until a leader does.
    if (!this.bridge.isLeading) {
      await this.upstream.dropAll();
      return;
    }
    const overShare = this.refuseOverShare(answers);
    const wanted = new Set<string>();
    for (const [gateway, entry] of this.interest) {
      const refused = this.refusedForShare.get(gateway);
      for (const query of entry.queries) if (refused?.has(query) !== true) wanted.add(query);
    }
    for (const query of this.upstream.held()) if (!wanted.has(query)) await this.upstream.drop(query);
    const refused = new Map<string, string>();
    const { max } = this.options.engineQueries;
    for (const query of wanted) {
      if (this.upstream.has(query)) continue;
      if (this.upstream.size >= max) {
        refused.set(query, `max engine queries ${max} reached (--engine-queries)`);
        continue;
      }
      try {
        await this.upstream.hold(query, (event) => this.relay(query, event));
      } catch (error) {
        refused.set(query, `the engine refused the subscription: ${reasonOf(error)}`);
      }
    }
    for (const [gateway, queries] of answers) {
      for (const query of queries) {
        const error =
          overShare.get(gateway)?.get(query) ??
          refused.get(query) ??
          (wanted.has(query) ? undefined : 'the query is no longer followed');
        this.bus.publish(
          'engine.query.answer',
          error === undefined ? { gateway, query } : { gateway, query, error },
        );
      }
    }
  }

  /**
   * The awaited queries to refuse because every client address following them at the asking gateway is
   * past its share of distinct queries over all gateways (one client spreading its queries over the tier's
   * gateways past the share each checks alone). A query held already costs the engine nothing more: never
   * refused here. Refused queries are remembered (`refusedForShare`) so no round holds them meanwhile.
   */
  private refuseOverShare(
    answers: ReadonlyMap<string, ReadonlySet<string>>,
  ): Map<string, Map<string, string>> {
    const refusals = new Map<string, Map<string, string>>();
    if (answers.size === 0) return refusals;
    const tierQueries = new Map<string, Set<string>>();
    for (const entry of this.interest.values()) {
      for (const [address, queries] of entry.clients) {
        const all = tierQueries.get(address) ?? new Set<string>();
        for (const query of queries) all.add(query);
        tierQueries.set(address, all);
      }
    }
    for (const [gateway, queries] of answers) {
      const entry = this.interest.get(gateway);
      const share = entry?.queriesPerClient;
      if (entry === undefined || share === undefined) continue;
      for (const query of queries) {
        if (this.upstream.has(query)) continue;
        const addresses = [...entry.clients].filter(([, followed]) => followed.has(query));
        const past = addresses.every(([address]) => (tierQueries.get(address)?.size ?? 0) > share);
        if (addresses.length === 0 || !past) continue;
        const forGateway = refusals.get(gateway) ?? new Map<string, string>();
        forGateway.set(query, `max_subscriptions_per_client ${share} reached`);
        refusals.set(gateway, forGateway);
        const remembered = this.refusedForShare.get(gateway) ?? new Set<string>();
        remembered.add(query);
        this.refusedForShare.set(gateway, remembered);
      }
    }
    if (refusals.size > 0) {
      this.log.warn(
        `engine-event queries refused past a client's share over the tier (--engine-queries-per-client): ${[...refusals.values()].reduce((n, m) => n + m.size, 0)}`,
      );
    }
    return refusals;
  }

  private relay(query: string, event: CometEventMessage): void {
    try {
      this.bus.publish('engine.event', { query, type: event.type, value: event.value, events: event.events });
      this.relayProblem = undefined;
    } catch (error) {
      // An event larger than the bus's payload limit cannot travel; say so once per distinct reason.
      const reason = reasonOf(error);
      if (reason === this.relayProblem) return;
      this.relayProblem = reason;
      this.log.warn(`engine-event ${event.type} for ${query} not relayed: ${reason}`);
    }
  }
}

/** What one gateway announced: the queries its clients follow, by client address too, and their share. */
interface GatewayInterest {
  readonly queries: ReadonlySet<string>;
  readonly expiresAt: number;
  readonly clients: ReadonlyMap<string, ReadonlySet<string>>;
  readonly queriesPerClient: number | undefined;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

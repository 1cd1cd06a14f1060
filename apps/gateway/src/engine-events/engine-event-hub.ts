// The gateway's side of the shared engine subscriptions. Its `/websocket` clients follow queries here;
// the hub tells the events replicas which queries this gateway follows (`engine.queries.held`, on every
// change and as a heartbeat), waits for the leader's answer that a new query is held at the engine, and
// fans each relayed `engine.event` out to the clients following its query. However many clients of
// however many gateways follow one query, the engine sees one subscription.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type BusEvents, type EngineEventPayload, MethodBus } from '@photon/bus';
import { type EncodedEvent, encodeEventParts } from '@photon/ethermint-wire';
import { randomUUID } from 'node:crypto';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';

/** The interest of a gateway not heard of for this long lapses (its queries are dropped upstream). */
const INTEREST_TTL_MS = 15_000;
/** Heartbeat of the interest: well inside the TTL. */
const HEARTBEAT_MS = 5_000;
/** While a question is open it is repeated this often (the leader may be changing). */
const ASK_AGAIN_MS = 1_000;
/** A new query no events replica answered within this fails its subscribe. */
const ANSWER_TIMEOUT_MS = 10_000;

/** A client of the hub: a `/websocket` connection. */
export interface EngineEventFollower {
  /** The client address whose share of the tier's engine queries this follower counts in. */
  readonly address: string;
  /** One event of `query` (canonical form), encoded once for all followers. */
  deliver(query: string, event: EncodedEvent): void;
}

interface OpenQuestion {
  readonly answer: Promise<string | undefined>;
  readonly settle: (error: string | undefined) => void;
  readonly timer: NodeJS.Timeout;
}

export interface EngineEventHubStats {
  /** Distinct queries this gateway's clients follow. */
  readonly queries: number;
  /** Subscriptions of this gateway's clients, over all queries. */
  readonly subscriptions: number;
}

@Injectable()
export class EngineEventHub implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly gateway = randomUUID();
  private readonly followers = new Map<string, Set<EngineEventFollower>>();
  /** Queries the leader confirmed as held at the engine. */
  private readonly held = new Set<string>();
  private readonly questions = new Map<string, OpenQuestion>();
  private readonly removers: (() => void)[] = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private askAgain: NodeJS.Timeout | undefined;

  /** The share of distinct queries of one client address over the whole tier (the events leader checks it). */
  private readonly queriesPerClient: number;

  constructor(
    private readonly bus: MethodBus,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
  ) {
    this.queriesPerClient = options.engineQueriesPerClient;
  }

  onApplicationBootstrap(): void {
    this.removers.push(
      this.bus.subscribe('engine.event', (event) => this.fanOut(event)),
      this.bus.subscribe('engine.query.answer', (answer) => this.answered(answer)),
      this.bus.subscribe('engine.queries.ask', () => this.announce()),
    );
    this.heartbeat = setInterval(() => {
      if (this.followers.size > 0) this.announce();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    clearInterval(this.askAgain);
    for (const remove of this.removers) remove();
    for (const query of [...this.questions.keys()]) this.settle(query, 'the gateway is shutting down');
    if (this.followers.size > 0) {
      this.followers.clear();
      this.announce();
    }
  }

  /**
   * Makes `follower` hear the events of `query` (canonical form). Resolves once the engine subscription
   * is held (undefined) or with the reason it cannot be; on a reason the follower is not kept.
   */
  async follow(query: string, follower: EngineEventFollower): Promise<string | undefined> {
    let followers = this.followers.get(query);
    if (followers === undefined) {
      followers = new Set();
      this.followers.set(query, followers);
    }
    followers.add(follower);
    if (this.held.has(query)) return undefined;
    const error = await this.ask(query);
    if (error !== undefined) this.unfollow(query, follower);
    return error;
  }

  unfollow(query: string, follower: EngineEventFollower): void {
    const followers = this.followers.get(query);
    if (followers === undefined || !followers.delete(follower)) return;
    if (followers.size > 0) return;
    this.followers.delete(query);
    this.held.delete(query);
    this.announce();
  }

  stats(): EngineEventHubStats {
    let subscriptions = 0;
    for (const followers of this.followers.values()) subscriptions += followers.size;
    return { queries: this.followers.size, subscriptions };
  }

  private ask(query: string): Promise<string | undefined> {
    const open = this.questions.get(query);
    if (open !== undefined) return open.answer;
    let settle: (error: string | undefined) => void = () => undefined;
    const answer = new Promise<string | undefined>((resolve) => (settle = resolve));
    const timer = setTimeout(
      () => this.settle(query, `no events replica answered within ${ANSWER_TIMEOUT_MS / 1000} s`),
      ANSWER_TIMEOUT_MS,
    );
    this.questions.set(query, { answer, settle, timer });
    this.announce();
    this.askAgain ??= setInterval(() => this.announce(), ASK_AGAIN_MS);
    return answer;
  }

  private answered(answer: BusEvents['engine.query.answer']): void {
    if (answer.gateway !== this.gateway) return;
    this.settle(answer.query, answer.error);
  }

  private settle(query: string, error: string | undefined): void {
    const open = this.questions.get(query);
    if (open === undefined) return;
    this.questions.delete(query);
    clearTimeout(open.timer);
    if (error === undefined && this.followers.has(query)) this.held.add(query);
    if (this.questions.size === 0) {
      clearInterval(this.askAgain);
      this.askAgain = undefined;
    }
    open.settle(error);
  }

  private announce(): void {
    this.bus.publish('engine.queries.held', {
      gateway: this.gateway,
      queries: [...this.followers.keys()],
      awaiting: [...this.questions.keys()],
      ttlMs: INTEREST_TTL_MS,
      clients: this.clientQueries(),
      queriesPerClient: this.queriesPerClient,
    });
  }

  /** Per client address, the queries its followers follow here. */
  private clientQueries(): Record<string, string[]> {
    const clients: Record<string, string[]> = {};
    for (const [query, followers] of this.followers) {
      const addresses = new Set<string>();
      for (const follower of followers) addresses.add(follower.address);
      for (const address of addresses) (clients[address] ??= []).push(query);
    }
    return clients;
  }

  private fanOut(event: EngineEventPayload): void {
    const followers = this.followers.get(event.query);
    if (followers === undefined) return;
    const encoded = encodeEventParts(event.type, event.value, event.events);
    for (const follower of followers) follower.deliver(event.query, encoded);
  }
}

// The engine-query relay's decisions, over the in-process bus with a recording stand-in for the engine
// websockets: what the leader holds for which gateways, what it answers, what a standby does, the cap.
import { type BusEvents, InProcessBus, type RpcHandlerRegistry } from '@photon/bus';
import type { CometEventMessage } from '@photon/engine-client';
import { waitFor } from '@photon/testing';
import type { HeadBridge } from '../bridge/head-bridge';
import type { EventsOptions } from '../events-options';
import { EngineQueryRelay } from './engine-query-relay';
import type { UpstreamSubscriptions } from './upstream-subscriptions';

/** Holds queries in a set; `refuse` makes the engine refuse one. */
class RecordingUpstream {
  readonly listeners = new Map<string, (event: CometEventMessage) => void>();
  readonly refuse = new Set<string>();
  connectionCount = 0;

  held(): ReadonlySet<string> {
    return new Set(this.listeners.keys());
  }

  has(query: string): boolean {
    return this.listeners.has(query);
  }

  get size(): number {
    return this.listeners.size;
  }

  hold(query: string, listener: (event: CometEventMessage) => void): Promise<void> {
    if (this.refuse.has(query)) return Promise.reject(new Error('max_subscriptions_per_client 5 reached'));
    this.listeners.set(query, listener);
    return Promise.resolve();
  }

  drop(query: string): Promise<void> {
    this.listeners.delete(query);
    return Promise.resolve();
  }

  dropAll(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

class LeadershipSwitch {
  isLeading = true;
  private readonly listeners = new Set<(leading: boolean) => void>();

  onLeadershipChange(listener: (leading: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  set(leading: boolean): void {
    this.isLeading = leading;
    for (const listener of this.listeners) listener(leading);
  }
}

describe('EngineQueryRelay', () => {
  let bus: InProcessBus;
  let upstream: RecordingUpstream;
  let leadership: LeadershipSwitch;
  let relay: EngineQueryRelay;
  let answers: BusEvents['engine.query.answer'][];
  let events: BusEvents['engine.event'][];
  let asks: number;

  const hold = (gateway: string, queries: string[], awaiting: string[] = [], ttlMs = 60_000) =>
    bus.publish('engine.queries.held', { gateway, queries, awaiting, ttlMs });

  beforeEach(() => {
    // Only the bus's events are used: no method is called, so no handler registry is needed.
    bus = new InProcessBus({} as RpcHandlerRegistry);
    upstream = new RecordingUpstream();
    leadership = new LeadershipSwitch();
    const options = { engineQueries: { max: 3, perConnection: 5 } } as unknown as EventsOptions;
    relay = new EngineQueryRelay(
      bus,
      leadership as unknown as HeadBridge,
      upstream as unknown as UpstreamSubscriptions,
      options,
    );
    answers = [];
    events = [];
    asks = 0;
    bus.subscribe('engine.query.answer', (answer) => answers.push(answer));
    bus.subscribe('engine.event', (event) => events.push(event));
    bus.subscribe('engine.queries.ask', () => (asks += 1));
    relay.onApplicationBootstrap();
  });
  afterEach(() => relay.onApplicationShutdown());

  it('default: the leader holds each query once for all gateways, answers the ones asked about, relays events', async () => {
    hold('a', ['q1', 'q2'], ['q1', 'q2']);
    hold('b', ['q2'], ['q2']);
    await waitFor(() => Promise.resolve(answers.length === 3), { what: 'three answers' });
    expect(answers).toEqual(
      expect.arrayContaining([
        { gateway: 'a', query: 'q1' },
        { gateway: 'a', query: 'q2' },
        { gateway: 'b', query: 'q2' },
      ]),
    );
    expect([...upstream.held()].sort()).toEqual(['q1', 'q2']);
    upstream.listeners.get('q2')!({ query: 'q2', type: 'tendermint/event/Tx', value: { x: 1 }, events: {} });
    await waitFor(() => Promise.resolve(events.length === 1), { what: 'the relayed event' });
    expect(events[0]).toEqual({ query: 'q2', type: 'tendermint/event/Tx', value: { x: 1 }, events: {} });
    expect(relay.stats()).toMatchObject({ upstreamQueries: 2, gateways: 2 });
  });

  it('behavior: a query no gateway follows any more, or whose gateway went silent, is dropped', async () => {
    hold('a', ['q1', 'q2'], ['q1', 'q2']);
    hold('b', ['q3'], ['q3'], 300);
    await waitFor(() => Promise.resolve(upstream.held().size === 3), { what: 'three queries held' });
    hold('a', ['q1']);
    await waitFor(() => Promise.resolve(!upstream.held().has('q2')), { what: 'q2 dropped' });
    // b is not heard of again: its interest lapses on a later reconciliation.
    await waitFor(() => Promise.resolve(!upstream.held().has('q3')), {
      what: 'q3 dropped',
      timeoutMs: 5_000,
    });
    expect([...upstream.held()]).toEqual(['q1']);
  });

  it('behavior: a standby holds and answers nothing; on taking over it asks the gateways and holds their queries', async () => {
    leadership.set(false);
    hold('a', ['q1'], ['q1']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.held().size).toBe(0);
    expect(answers).toEqual([]);
    leadership.set(true);
    await waitFor(() => Promise.resolve(asks === 1 && upstream.held().has('q1')), { what: 'the takeover' });
  });

  it('error: a client address past its share over all gateways is refused its new query, which is never held', async () => {
    const share = (gateway: string, clients: Record<string, string[]>, awaiting: string[] = []) =>
      bus.publish('engine.queries.held', {
        gateway,
        queries: [...new Set(Object.values(clients).flat())],
        awaiting,
        ttlMs: 60_000,
        clients,
        queriesPerClient: 2,
      });
    share('a', { '10.0.0.1': ['q1', 'q2'] }, ['q1', 'q2']);
    await waitFor(() => Promise.resolve(answers.length === 2), { what: 'the first two answers' });
    // Its third distinct query, asked through another gateway, with an honest client asking q4 there too.
    share('b', { '10.0.0.1': ['q3', 'q1'], '10.0.0.9': ['q4'] }, ['q3', 'q1', 'q4']);
    await waitFor(() => Promise.resolve(answers.length === 5), { what: 'the second gateway’s answers' });
    expect(answers.slice(2)).toEqual(
      expect.arrayContaining([
        { gateway: 'b', query: 'q3', error: 'max_subscriptions_per_client 2 reached' },
        // Held already: following it costs the engine nothing.
        { gateway: 'b', query: 'q1' },
        { gateway: 'b', query: 'q4' },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...upstream.held()].sort()).toEqual(['q1', 'q2', 'q4']);
    // Once the gateway stopped listing it (the client was refused) and the client left q2 on the first
    // gateway, the query is within its share.
    share('b', { '10.0.0.1': ['q1'], '10.0.0.9': ['q4'] });
    share('a', {});
    share('b', { '10.0.0.1': ['q1', 'q3'], '10.0.0.9': ['q4'] }, ['q3']);
    await waitFor(() => Promise.resolve(answers.length === 6), { what: 'the answer within the share' });
    expect(answers[5]).toEqual({ gateway: 'b', query: 'q3' });
  });

  it('error: past --engine-queries, and when the engine refuses, the asking gateway is told why', async () => {
    upstream.refuse.add('bad');
    hold('a', ['q1', 'q2', 'bad', 'q3', 'q4'], ['q1', 'q2', 'bad', 'q3', 'q4']);
    await waitFor(() => Promise.resolve(answers.length === 5), { what: 'five answers' });
    const errors = Object.fromEntries(answers.map((answer) => [answer.query, answer.error]));
    expect(errors['bad']).toBe('the engine refused the subscription: max_subscriptions_per_client 5 reached');
    expect(
      Object.values(errors).filter((error) => error === 'max engine queries 3 reached (--engine-queries)'),
    ).toHaveLength(1);
    expect(upstream.held().size).toBe(3);
  });
});

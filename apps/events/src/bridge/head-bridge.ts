// The engine bridge: the events replica that holds the head leadership turns every committed height into a
// head event and appends it to the head stream, in height order, from the height after the last one any
// leader published (so a restart, an engine reconnect or a change of leader replays what was missed
// before going live). The leader wakes on the engine's NewBlock events and, in case those stop, on a timer; an
// engine that is down is simply retried on the next wake. Standbys keep trying to take the lease. The
// leader also feeds the pending feed with the txs the engine's mempool shows.
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HeadStream, MethodBus, PendingFeed } from '@photon/bus';
import {
  CometHttpClient,
  type CometSubscription,
  CometWebsocketClient,
  EthereumChainReader,
  eventHeight,
} from '@photon/engine-client';
import { randomUUID } from 'node:crypto';
import { DistinctWarnings } from '../distinct-warnings';
import { EVENTS_OPTIONS, type EventsOptions } from '../events-options';
import { SerialRounds } from '../serial-rounds';
import { buildHeadEvent } from './head-event-builder';
import { MempoolWatch } from './mempool-watch';

const NEW_BLOCK_QUERY = "tm.event='NewBlock'";
/** Heights published per wake before the lease is renewed again. */
const HEIGHTS_PER_ROUND = 50;

@Injectable()
export class HeadBridge implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('events');
  private readonly holder = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private readonly warnings = new DistinctWarnings(
    (line) => this.log.warn(line),
    'events: publishing chain heads paused: ',
    (reason) =>
      this.log.log(
        `events: publishing chain heads resumed${this.published === undefined ? '' : ` at height ${this.published.height}`} (paused: ${reason})`,
      ),
  );
  private readonly rounds = new SerialRounds(
    () => this.round(),
    (error) => this.warnings.problem(error),
  );
  private leading = false;
  private readonly mempool: MempoolWatch;
  private published: { height: bigint; atMs: number } | undefined;
  private readonly leadershipListeners = new Set<(leading: boolean) => void>();
  private readonly publishedListeners = new Set<(height: bigint) => void>();
  private newBlocks: Promise<CometSubscription | undefined> | undefined;

  constructor(
    private readonly comet: CometHttpClient,
    private readonly websocket: CometWebsocketClient,
    private readonly heads: HeadStream,
    private readonly bus: MethodBus,
    reader: EthereumChainReader,
    pending: PendingFeed,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {
    this.mempool = new MempoolWatch(reader, pending);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.rounds.wake(), this.options.bridge.pollMs);
    this.timer.unref();
    this.rounds.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.rounds.stop();
    if (this.leading) await this.options.bridge.leadership.release(this.holder).catch(() => undefined);
    await this.websocket.close().catch(() => undefined);
  }

  private async round(): Promise<void> {
    const { leadership, leaseMs } = this.options.bridge;
    const fence = await leadership.claim(this.holder, leaseMs);
    if (fence === null) {
      this.lead(false);
      return;
    }
    this.lead(true);
    // Only the leader follows the engine's blocks (the tier holds one subscription); a subscription the
    // engine refused while down is asked for again on a later round.
    this.newBlocks ??= this.websocket
      .subscribe(NEW_BLOCK_QUERY, (event) => {
        const height = eventHeight(event);
        if (height !== undefined) this.bus.publish('chain.height', { height: height.toString() });
        this.rounds.wake();
      })
      .catch(() => {
        this.newBlocks = undefined;
        return undefined;
      });
    await this.mempool.look();
    const head = (await this.comet.status()).syncInfo.latestBlockHeight;
    // Nothing published yet: go live from the head rather than replay the whole chain.
    let last = (await leadership.published()) ?? head - 1n;
    for (let count = 0; last < head && count < HEIGHTS_PER_ROUND; count++) {
      const height = last + 1n;
      const event = await buildHeadEvent(this.bus, height);
      if (event === null) return;
      // Appended before it is marked: a leader dying in between makes the next one append it again,
      // which the stream drops; the other order could lose a height.
      await this.heads.append(event);
      if (!(await leadership.markPublished(height, fence))) {
        this.lead(false);
        return;
      }
      last = height;
      this.published = { height, atMs: Date.now() };
      for (const listener of this.publishedListeners) listener(height);
    }
    if (last < head) this.rounds.runAgain();
    this.warnings.cleared();
  }

  /** Whether this replica publishes the heads, and the last height it published (for metrics). */
  status(): { leading: boolean; published?: { height: bigint; atMs: number } } {
    return this.published === undefined
      ? { leading: this.leading }
      : { leading: this.leading, published: this.published };
  }

  /** Whether this replica holds the leadership now (it also holds the engine-event subscriptions). */
  get isLeading(): boolean {
    return this.leading;
  }

  /** Called each time this replica gains or loses the leadership; returns a remover. */
  onLeadershipChange(listener: (leading: boolean) => void): () => void {
    this.leadershipListeners.add(listener);
    return () => this.leadershipListeners.delete(listener);
  }

  /** Called after each height this replica publishes; returns a remover. */
  onPublished(listener: (height: bigint) => void): () => void {
    this.publishedListeners.add(listener);
    return () => this.publishedListeners.delete(listener);
  }

  private lead(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (!leading) {
      const held = this.newBlocks;
      this.newBlocks = undefined;
      void held?.then((subscription) => subscription?.unsubscribe()).catch(() => undefined);
    }
    this.options.bridge.onLeadership?.(leading);
    for (const listener of this.leadershipListeners) listener(leading);
  }
}

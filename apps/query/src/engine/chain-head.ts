// The chain head as the query service knows it, without an engine subscription of its own (the tier holds
// one, at the events leader): the leader's `chain.height` announcement, sent the moment the engine commits,
// and the head stream behind it; any committed height this service itself reads (a receipt's block, a block
// past the head) moves it too, so a client never reads `latest` older than a receipt it was just given, and
// is announced on the bus before the answer that carried it leaves, so the gateways' head-derived answers
// move with it; a head a gateway states with a call it will keep moves it too. While nothing comes (no events service, the engine down) `latest` is the engine's
// `status` (see AnnouncedHead for how long a head is trusted). Head-derived answers are cached per head here.
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AnnouncedHead, HeadStream, MethodBus, RpcHandlerRegistry } from '@photon/bus';
import { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import { HeadCache } from '../cache/head-cache';

@Injectable()
export class ChainHead implements OnModuleInit, OnApplicationShutdown {
  /** Answers that hold until the next block (block number, gas price, state at latest). */
  readonly cache = new HeadCache();
  private readonly head = new AnnouncedHead();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly heads: HeadStream,
    private readonly bus: MethodBus,
    private readonly comet: CometHttpClient,
    private readonly registry: RpcHandlerRegistry,
  ) {}

  onModuleInit(): void {
    this.stops.push(this.bus.subscribe('chain.height', ({ height }) => this.observe(BigInt(height))));
    // A gateway that keeps an answer until the next head says which head: answered here at it or later,
    // even when its announcement has not arrived here yet.
    this.registry.followCallerHeads((height) => this.observe(height));
    // The service starts whether or not anyone publishes heads yet; until then the engine answers.
    void this.heads
      .follow((event) => this.observe(BigInt(event.height)))
      .then((stop) => this.stops.push(stop))
      .catch(() => undefined);
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops) stop();
    this.comet.close();
  }

  /** The latest committed height: the announced one while heads come, else asked of the engine. */
  async latest(): Promise<bigint> {
    const trusted = this.head.trusted();
    if (trusted !== undefined) return trusted;
    const height = await this.reader.latestHeight();
    this.atLeast(height);
    return height;
  }

  /** The newest head this service knows and when it learnt it (for metrics: the engine's height and lag). */
  seen(): { readonly height: bigint; readonly atMs: number } | undefined {
    return this.head.seen();
  }

  /** A height this service saw committed (a receipt's block, the engine's own head): the head is no lower. */
  atLeast(height: bigint): void {
    if (!this.head.raise(height)) return;
    this.cache.observeHead(height);
    this.bus.publish('chain.height', { height: height.toString() });
  }

  /** `load` once per head for `key`: dropped as soon as a new block arrives. */
  async perHead<T>(key: string, load: (head: bigint) => Promise<T>): Promise<T> {
    const head = await this.latest();
    return this.cache.get(head, key, () => load(head));
  }

  private observe(height: bigint): void {
    if (this.head.announce(height)) this.cache.observeHead(height);
  }
}

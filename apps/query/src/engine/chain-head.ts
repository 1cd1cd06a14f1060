// The chain head as the query service knows it, without an engine subscription of its own (the tier holds
// one, at the events leader): the leader's `chain.height` announcement, sent the moment the engine commits,
// and the head stream behind it; any committed height this service itself reads (a receipt's block, a block
// past the head) moves it too, so a client never reads `latest` older than a receipt it was just given. A
// head is trusted for three of the chain's block intervals; while nothing comes (no events service, the
// engine down) `latest` is the engine's `status`, so reads fail fast on a dead engine. Head-derived answers
// are cached per head here.
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HeadStream, MethodBus } from '@photon/bus';
import { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import { HeadCache } from '../cache/head-cache';

/**
 * A head is trusted as the latest for three of the chain's block intervals (the shortest of the last few,
 * so a pause does not stretch it), between these bounds; after that the engine is asked.
 */
const FRESH_MIN_MS = 1_000;
const FRESH_MAX_MS = 10_000;
const FRESH_INTERVALS = 3;
const INTERVALS_KEPT = 4;
/** Intervals seen before the pace is believed (a young chain may have paused). */
const PACE_INTERVALS = 3;

@Injectable()
export class ChainHead implements OnModuleInit, OnApplicationShutdown {
  /** Answers that hold until the next block (block number, gas price, state at latest). */
  readonly cache = new HeadCache();
  private known: { height: bigint; atMs: number; freshMs: number } | undefined;
  private readonly intervals: number[] = [];
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly heads: HeadStream,
    private readonly bus: MethodBus,
    private readonly comet: CometHttpClient,
  ) {}

  onModuleInit(): void {
    this.stops.push(this.bus.subscribe('chain.height', ({ height }) => this.observe(BigInt(height))));
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
    if (this.known !== undefined && Date.now() - this.known.atMs < this.known.freshMs)
      return this.known.height;
    const height = await this.reader.latestHeight();
    this.atLeast(height);
    return height;
  }

  /** A height this service saw committed (a receipt's block, the engine's own head): the head is no lower. */
  atLeast(height: bigint): void {
    if (this.known !== undefined && height <= this.known.height) return;
    this.known = { height, atMs: Date.now(), freshMs: this.known?.freshMs ?? FRESH_MIN_MS };
    this.cache.observeHead(height);
  }

  /** `load` once per head for `key`: dropped as soon as a new block arrives. */
  async perHead<T>(key: string, load: (head: bigint) => Promise<T>): Promise<T> {
    const head = await this.latest();
    return this.cache.get(head, key, () => load(head));
  }

  private observe(height: bigint): void {
    const previous = this.known;
    if (previous !== undefined && height <= previous.height) return;
    const atMs = Date.now();
    if (previous !== undefined) {
      this.intervals.push((atMs - previous.atMs) / Number(height - previous.height));
      if (this.intervals.length > INTERVALS_KEPT) this.intervals.shift();
    }
    const interval = this.intervals.length < PACE_INTERVALS ? 0 : Math.min(...this.intervals);
    const freshMs = Math.min(FRESH_MAX_MS, Math.max(FRESH_MIN_MS, FRESH_INTERVALS * interval));
    this.known = { height, atMs, freshMs };
    this.cache.observeHead(height);
  }
}

// The chain head as the query service knows it: the last height on the tier's head stream (published by
// the events leader, so the tier holds one engine subscription, not one per replica, and eth_blockNumber
// agrees with newHeads), read from the engine's `status` while the stream is quiet (no events service, or
// a slow chain). Head-derived answers are cached per head here.
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HeadStream } from '@photon/bus';
import { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import { HeadCache } from '../cache/head-cache';

/**
 * A streamed head is trusted as the latest for three of the chain's block intervals (the shortest of the
 * last few, so a pause does not stretch it), between these bounds; after that the engine is asked (the
 * publisher may be away, or the engine down: a read must then fail fast rather than answer an old head).
 */
const FRESH_MIN_MS = 1_000;
const FRESH_MAX_MS = 10_000;
const FRESH_INTERVALS = 3;
const INTERVALS_KEPT = 4;
/** Intervals seen before the pace is believed. */
const PACE_INTERVALS = 3;

@Injectable()
export class ChainHead implements OnModuleInit, OnApplicationShutdown {
  /** Answers that hold until the next block (block number, gas price, state at latest). */
  readonly cache = new HeadCache();
  private streamed: { height: bigint; atMs: number; freshMs: number } | undefined;
  private stopFollowing: (() => void) | undefined;
  private readonly intervals: number[] = [];

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly heads: HeadStream,
    private readonly comet: CometHttpClient,
  ) {}

  onModuleInit(): void {
    // The service starts whether or not anyone publishes heads yet; until then the engine answers.
    void this.heads
      .follow((event) => this.observe(BigInt(event.height)))
      .then((stop) => (this.stopFollowing = stop))
      .catch(() => undefined);
  }

  onApplicationShutdown(): void {
    this.stopFollowing?.();
    this.comet.close();
  }

  /** The latest committed height: the streamed one while heads flow, else asked of the engine. */
  async latest(): Promise<bigint> {
    if (this.streamed !== undefined && Date.now() - this.streamed.atMs < this.streamed.freshMs) {
      return this.streamed.height;
    }
    const height = await this.reader.latestHeight();
    this.cache.observeHead(height);
    return height;
  }

  /** `load` once per head for `key`: dropped as soon as a new block arrives. */
  async perHead<T>(key: string, load: (head: bigint) => Promise<T>): Promise<T> {
    const head = await this.latest();
    return this.cache.get(head, key, () => load(head));
  }

  private observe(height: bigint): void {
    const previous = this.streamed;
    if (previous !== undefined && height <= previous.height) return;
    const atMs = Date.now();
    if (previous !== undefined) {
      this.intervals.push((atMs - previous.atMs) / Number(height - previous.height));
      if (this.intervals.length > INTERVALS_KEPT) this.intervals.shift();
    }
    // Until a few heads tell the chain's pace (a young chain may have paused), the shortest trust.
    const interval = this.intervals.length < PACE_INTERVALS ? 0 : Math.min(...this.intervals);
    const freshMs = Math.min(FRESH_MAX_MS, Math.max(FRESH_MIN_MS, FRESH_INTERVALS * interval));
    this.streamed = { height, atMs, freshMs };
    this.cache.observeHead(height);
  }
}

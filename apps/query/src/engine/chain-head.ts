// The chain head as the query service knows it: pushed by the engine's NewBlockHeader events while
// the websocket is up, read from `status` otherwise. Head-derived answers are cached per head here.
import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  CometHttpClient,
  CometWebsocketClient,
  type CometSubscription,
  EthereumChainReader,
  eventHeight,
} from '@photon/engine-client';
import { HeadCache } from '../cache/head-cache';

const NEW_HEADER_QUERY = "tm.event='NewBlockHeader'";

@Injectable()
export class ChainHead implements OnModuleInit, OnApplicationShutdown {
  /** Answers that hold until the next block (block number, gas price, state at latest). */
  readonly cache = new HeadCache();
  private pushedHeight: bigint | undefined;
  private subscription: CometSubscription | undefined;

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly websocket: CometWebsocketClient,
    private readonly comet: CometHttpClient,
  ) {}

  onModuleInit(): void {
    // The service starts even when the engine is down; the websocket keeps retrying on its own.
    this.websocket.onDisconnect(() => (this.pushedHeight = undefined));
    this.websocket.onReconnect(() => (this.pushedHeight = undefined));
    void this.websocket
      .connect()
      .then(() =>
        this.websocket.subscribe(NEW_HEADER_QUERY, (event) => {
          const height = eventHeight(event) ?? headerHeight(event.value);
          if (height !== undefined) this.observe(height);
        }),
      )
      .then((subscription) => (this.subscription = subscription))
      .catch(() => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscription?.unsubscribe().catch(() => undefined);
    await this.websocket.close();
    this.comet.close();
  }

  /** The latest committed height: the pushed one while events flow, else asked of the engine. */
  async latest(): Promise<bigint> {
    if (this.pushedHeight !== undefined && this.websocket.connected) return this.pushedHeight;
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
    if (this.pushedHeight === undefined || height > this.pushedHeight) this.pushedHeight = height;
    this.cache.observeHead(this.pushedHeight);
  }
}

/** `value.header.height` of a NewBlockHeader event, for nodes that do not add `block.height` to its keys. */
function headerHeight(value: unknown): bigint | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const header = (value as { header?: unknown }).header;
  if (typeof header !== 'object' || header === null) return undefined;
  const height = (header as { height?: unknown }).height;
  return typeof height === 'string' && /^[0-9]+$/.test(height) ? BigInt(height) : undefined;
}

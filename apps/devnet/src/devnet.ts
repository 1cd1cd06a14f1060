// The devnet node: an EVM chain producing a block every `blockTimeMs`, served over CometBFT 0.38
// RPC (HTTP and /websocket) so services reach it exactly as they reach a real Ethermint node.
// In memory, or kept in a data dir across restarts.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockEvents } from './chain/block-events';
import { BlockProducer } from './chain/block-producer';
import { TxCache } from './chain/tx-cache';
import { EventBus } from './events/comet-event';
import { devAccounts } from './evm';
import { DataDirError, openChain } from './persistence';
import { abciRoutes } from './routes/abci.routes';
import { blockRoutes } from './routes/block.routes';
import type { DevnetContext } from './routes/devnet-context';
import { infoRoutes } from './routes/info.routes';
import { txRoutes } from './routes/tx.routes';
import { answerPost, createCometHttpServer } from './rpc/comet-http-server';
import type { Route } from './rpc/route';
import { RouteDispatcher } from './rpc/route-dispatcher';
import { type CometWebsocket, attachCometWebsocket } from './websocket';

export interface DevnetOptions {
  /** Cosmos chain id, e.g. photon_9000-1. */
  readonly chainId: string;
  readonly eip155ChainId: bigint;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly blockTimeMs: number;
  readonly allowUnprotectedTxs: boolean;
  /** Keeps the chain here across restarts; without it the chain lives in memory. */
  readonly dataDir?: string | undefined;
  /**
   * A fixed genesis time (Unix ms) makes the chain reproducible: block H is stamped
   * genesis + H × blockTimeMs whatever the wall clock says, and the validator key and node id derive
   * from the chain id, so the same txs in the same blocks give byte-for-byte the same chain.
   */
  readonly genesisTimeMs?: number | undefined;
  /** No timer: blocks are made only by produceNext(), so a recorder decides what each block holds. */
  readonly manualBlocks?: boolean | undefined;
  /**
   * Called with every block-production failure; the chain keeps producing, unless the data dir
   * could not take a block (a DataDirError): then production stops.
   */
  readonly onError?: (error: unknown) => void;
}

/** What starting from a data dir found. */
export interface DataDirState {
  readonly path: string;
  /** The last block reopened (0 for a new data dir). */
  readonly restoredHeight: bigint;
  /** Bytes of a block torn by a crash, cut off at open. */
  readonly discardedBytes: number;
}

/** Unix nanoseconds of the block being made: genesis + height × step, never the wall clock. */
function steppedClock(genesisMs: number, stepMs: number, nextHeight: () => bigint): () => bigint {
  const genesisNs = BigInt(genesisMs) * 1_000_000n;
  const stepNs = BigInt(stepMs) * 1_000_000n;
  return () => genesisNs + nextHeight() * stepNs;
}

export class Devnet {
  private timer: NodeJS.Timeout | undefined;
  private producing: Promise<void> = Promise.resolve();

  private constructor(
    readonly context: DevnetContext,
    readonly bus: EventBus,
    private readonly server: Server,
    /** The `/websocket` endpoint: what its clients subscribed to. */
    readonly websocket: CometWebsocket,
    private readonly closers: (() => Promise<void>)[],
    private readonly options: DevnetOptions,
    private readonly dispatcher: RouteDispatcher,
    /** Set when started with a data dir. */
    readonly dataDir: DataDirState | undefined,
  ) {}

  static async start(options: DevnetOptions): Promise<Devnet> {
    const chain = await openChain(options);
    const { genesis, evm, store, validator, journal } = chain;
    const coinbase = devAccounts()[0]!.address;
    const producer = new BlockProducer({
      coinbase,
      chainId: options.chainId,
      evm,
      store,
      validator,
      genesisAppHash: genesis.stateRoot,
      ...(journal === undefined ? {} : { sink: journal }),
      ...(options.genesisTimeMs === undefined
        ? {}
        : { now: steppedClock(options.genesisTimeMs, options.blockTimeMs, () => store.latestHeight + 1n) }),
    });
    const bus = new EventBus();
    const context: DevnetContext = {
      chainId: options.chainId,
      store,
      evm,
      producer,
      txCache: new TxCache(),
      bus,
      validator,
      coinbase,
      nodeId: genesis.nodeId,
      rpcAddress: `tcp://${options.host}:${options.port}`,
      genesisTime: genesis.genesisTime,
      genesisAppState: {
        evm: {
          accounts: genesis.evmGenesis.accounts.map((a) => ({
            address: a.address,
            balance: a.balance.toString(),
          })),
        },
      },
    };
    const routes: Route[] = [
      ...infoRoutes(context),
      ...blockRoutes(context),
      ...txRoutes(context),
      ...abciRoutes(context),
    ];
    const dispatcher = new RouteDispatcher(routes);
    const server = createCometHttpServer(dispatcher);
    const websocket = attachCometWebsocket(server, dispatcher, bus);
    const closers = [() => websocket.close(), ...(journal === undefined ? [] : [() => journal.close()])];
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', (error) =>
          reject(new Error(`cannot listen on tcp://${options.host}:${options.port}: ${error.message}`)),
        );
        server.listen(options.port, options.host, () => resolve());
      });
    } catch (error) {
      await journal?.close();
      throw error;
    }
    const dataDir =
      options.dataDir === undefined
        ? undefined
        : {
            path: options.dataDir,
            restoredHeight: chain.restoredHeight,
            discardedBytes: chain.discardedBytes,
          };
    const devnet = new Devnet(context, bus, server, websocket, closers, options, dispatcher, dataDir);
    await devnet.produceNext();
    if (options.manualBlocks !== true)
      devnet.timer = setInterval(() => void devnet.produceNext(), options.blockTimeMs);
    return devnet;
  }

  /** The CometBFT RPC address, e.g. http://127.0.0.1:26657. */
  get rpcUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.options.host}:${port}`;
  }

  /**
   * What the RPC listener answers to a POST / `body` (one JSON-RPC request or a batch), without the listener:
   * `photon start` passes its query service's frames to its own devnet in memory. The text is compact, not
   * indented as the listener writes it: only the query service's JSON.parse reads it, and a block's answer is
   * a quarter shorter.
   */
  async answerPost(body: string): Promise<{ status: number; text: string }> {
    const answer = await answerPost(this.dispatcher, body, { remoteAddress: undefined });
    return { status: 200, text: answer === undefined ? '' : JSON.stringify(answer) };
  }

  /** Produces one block now (after any block in progress) and publishes its events. */
  produceNext(): Promise<void> {
    this.producing = this.producing.then(async () => {
      try {
        const committed = await this.context.producer.produce();
        for (const event of blockEvents(committed)) this.bus.publish(event);
      } catch (error) {
        // The EVM has run a block the data dir could not keep: going on would serve blocks a
        // restart loses, so the chain stops where the data dir stands.
        if (error instanceof DataDirError) clearInterval(this.timer);
        this.options.onError?.(error);
      }
    });
    return this.producing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.producing;
    for (const close of this.closers) await close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

// The devnet node: an EVM chain producing a block every `blockTimeMs`, served over CometBFT 0.38
// RPC (HTTP and /websocket) so services reach it exactly as they reach a real Ethermint node.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { blockEvents } from './chain/block-events';
import { BlockProducer } from './chain/block-producer';
import { ChainStore } from './chain/chain-store';
import { formatRfc3339Nano, cometTimeFromUnixNanos } from './comet';
import { EventBus } from './events/comet-event';
import { EvmChain, devAccounts, devGenesis } from './evm';
import { abciRoutes } from './routes/abci.routes';
import { ValidatorKey } from './node/validator-key';
import { blockRoutes } from './routes/block.routes';
import type { DevnetContext } from './routes/devnet-context';
import { infoRoutes } from './routes/info.routes';
import { txRoutes } from './routes/tx.routes';
import { createCometHttpServer } from './rpc/comet-http-server';
import type { Route } from './rpc/route';
import { RouteDispatcher } from './rpc/route-dispatcher';
import { attachCometWebsocket } from './websocket';

export interface DevnetOptions {
  /** Cosmos chain id, e.g. photon_9000-1. */
  readonly chainId: string;
  readonly eip155ChainId: bigint;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly blockTimeMs: number;
  readonly allowUnprotectedTxs: boolean;
  /** Called with every block-production failure; the chain keeps producing. */
  readonly onError?: (error: unknown) => void;
}

export class Devnet {
  private timer: NodeJS.Timeout | undefined;
  private producing: Promise<void> = Promise.resolve();

  private constructor(
    readonly context: DevnetContext,
    readonly bus: EventBus,
    private readonly server: Server,
    private readonly closers: (() => Promise<void>)[],
    private readonly options: DevnetOptions,
  ) {}

  static async start(options: DevnetOptions): Promise<Devnet> {
    const genesis = devGenesis();
    const evm = await EvmChain.create({
      chainId: options.eip155ChainId,
      genesis,
      allowUnprotectedTxs: options.allowUnprotectedTxs,
    });
    const store = new ChainStore();
    const validator = ValidatorKey.generate();
    const coinbase = devAccounts()[0]!.address;
    const producer = new BlockProducer({
      coinbase,
      chainId: options.chainId,
      evm,
      store,
      validator,
      genesisAppHash: evm.block(0).stateRoot,
    });
    const bus = new EventBus();
    const context: DevnetContext = {
      chainId: options.chainId,
      store,
      evm,
      producer,
      bus,
      validator,
      coinbase,
      nodeId: Buffer.from(randomBytes(20)).toString('hex'),
      rpcAddress: `tcp://${options.host}:${options.port}`,
      genesisTime: formatRfc3339Nano(cometTimeFromUnixNanos(BigInt(Date.now()) * 1_000_000n)),
      genesisAppState: {
        evm: {
          accounts: genesis.accounts.map((a) => ({ address: a.address, balance: a.balance.toString() })),
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
    const closers = [() => websocket.close()];
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) =>
        reject(new Error(`cannot listen on tcp://${options.host}:${options.port}: ${error.message}`)),
      );
      server.listen(options.port, options.host, () => resolve());
    });
    const devnet = new Devnet(context, bus, server, closers, options);
    await devnet.produceNext();
    devnet.timer = setInterval(() => void devnet.produceNext(), options.blockTimeMs);
    return devnet;
  }

  /** The CometBFT RPC address, e.g. http://127.0.0.1:26657. */
  get rpcUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://${this.options.host}:${port}`;
  }

  /** Produces one block now (after any block in progress) and publishes its events. */
  produceNext(): Promise<void> {
    this.producing = this.producing.then(async () => {
      try {
        const committed = await this.context.producer.produce();
        for (const event of blockEvents(committed)) this.bus.publish(event);
      } catch (error) {
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

// `photon start`: the embedded default. Gateway and every service in one process over the
// in-process bus: no NATS, no Redis, nothing else to install. With --ops-laddr, /healthz, /readyz (the
// gateway's answer) and /metrics of every layer on a listener of their own.
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BusModule } from '@photon/bus';
import type { StartConfig } from '@photon/config';
import type { EnginePost } from '@photon/engine-client';
import { EventsModule } from '@photon/events';
import {
  ApiKeys,
  GatewayModule,
  type GatewayOps,
  GatewayReadiness,
  GatewayShutdown,
  bootstrapGateway,
} from '@photon/gateway';
import { KeystoreModule } from '@photon/keystore';
import { QueryModule } from '@photon/query';
import {
  MemoryAcceptedTxStore,
  MemoryFaucetCooldowns,
  MemoryFilterStore,
  MemoryHeadLeadership,
  MemoryLogIndex,
  MemoryNonceStore,
  MemoryRateLimitCounter,
} from '@photon/store';
import { TxModule } from '@photon/tx';
import { eventsOptionsOf, filterStoreSettingsOf } from '../events-options-of';
import { gatewayOptionsOf } from '../gateway-options-of';
import { checkFaucetConfig } from '../faucet-config';
import { checkUnlockExposure, inProcessKeystoreOptions } from '../keystore-options-of';
import { stopProcessOnMismatch, verifyEngineChainId } from '../engine-chain-id';
import { watchEvents } from '../ops/events-sources';
import { watchGateway } from '../ops/gateway-sources';
import { countHandlerCalls } from '../ops/handler-calls';
import { watchQuery } from '../ops/query-sources';
import { watchTx } from '../ops/tx-sources';
import { ProcessOps } from '../ops/process-ops';
import type { PhotonLogger } from '../photon-logger';
import { queryOptionsOf } from '../query-options-of';
import { closeOnSignal } from '../running-process';
import { acceptedTxLimits, txOptionsOf } from '../tx-options-of';
import { announceDevnet, devnetOptions } from './devnet.command';
import { apiKeysOf } from '../api-keys-of';
import { checkCanListen } from '../check-listen';
import { type EmbeddedDevnet, startEmbeddedDevnet } from '../embedded-devnet/embedded-devnet';

@Module({})
class PhotonInProcessModule {}

/** The engine of `photon start`: its CometBFT RPC, and with its own devnet the frames in memory. */
export interface InProcessEngine {
  readonly url: URL;
  readonly post?: EnginePost | undefined;
}

/**
 * The whole tier as one listening Nest application, reading the chain at `engineUrl`; `ops` carries the
 * process's draining state and, when given, the metrics every layer counts in.
 */
export async function createInProcessApp(
  config: StartConfig,
  engine: InProcessEngine,
  logger: PhotonLogger,
  ops: GatewayOps = new ProcessOps(null),
  /** Loaded by the caller when it checks its configuration first; else loaded here. */
  apiKeys?: ApiKeys,
): Promise<NestFastifyApplication> {
  const engineUrl = engine.url;
  const gateway = gatewayOptionsOf(config);
  const keys = apiKeys ?? (await apiKeysOf(config));
  const keystore = await inProcessKeystoreOptions(config);
  // One journal of accepted txs: the tx service writes it and sends again what the engine lost, the query
  // service's pending answers read it.
  const accepted = new MemoryAcceptedTxStore(acceptedTxLimits(config));
  // One log index: the events service writes it, the query service's eth_getLogs reads it.
  const logIndex = new MemoryLogIndex();
  const app = await bootstrapGateway(
    {
      module: PhotonInProcessModule,
      imports: [
        BusModule.inProcess(),
        QueryModule.register(queryOptionsOf(config, engineUrl, { accepted, logIndex }, engine.post)),
        KeystoreModule.register(keystore),
        TxModule.register(
          txOptionsOf(config, engineUrl, {
            nonces: new MemoryNonceStore(),
            accepted,
            faucetCooldowns: new MemoryFaucetCooldowns(),
          }),
        ),
        EventsModule.register(
          eventsOptionsOf(
            config,
            engineUrl,
            {
              filters: new MemoryFilterStore(filterStoreSettingsOf(config)),
              leadership: new MemoryHeadLeadership(),
              logIndex,
            },
            { embedded: config.node === null },
          ),
        ),
        // One process: its rate limits are counted in its memory.
        GatewayModule.register(gateway, { counter: new MemoryRateLimitCounter(), apiKeys: keys }, ops),
      ],
    },
    gateway,
    logger,
  );
  if (ops.metrics !== undefined) {
    countHandlerCalls(ops.metrics, app, 'start');
    watchGateway(ops.metrics, app);
    watchQuery(ops.metrics, app);
    watchEvents(ops.metrics, app);
    watchTx(ops.metrics, app);
  }
  return app;
}

/** The embedded devnet, on a thread of its own so that its EVM runs beside the services. */
async function startOwnDevnet(config: StartConfig, logger: PhotonLogger): Promise<EmbeddedDevnet> {
  const started = performance.now();
  const devnet = await startEmbeddedDevnet(devnetOptions(config), logger);
  announceDevnet(devnet, config, config.quiet, performance.now() - started, logger);
  return devnet;
}

export async function startCommand(config: StartConfig, logger: PhotonLogger): Promise<void> {
  checkFaucetConfig(config);
  checkUnlockExposure(config);
  // An engine of our own runs under --chain-id; one given by --node must agree with it.
  if (config.node !== null)
    await verifyEngineChainId(config.node, config.chainId, stopProcessOnMismatch('start', logger));
  // A bad --api-keys-file, or a port in use, stops the start before a chain is started for nothing.
  const apiKeys = await apiKeysOf(config);
  await checkCanListen('http', config.laddr.host, config.laddr.port);
  await checkCanListen('ws', config.laddr.host, config.wsport);
  // The embedded default: without --node, Photon brings its own chain.
  const devnet = config.node === null ? await startOwnDevnet(config, logger) : undefined;
  const engineUrl = devnet === undefined ? config.node : new URL(devnet.rpcUrl);
  const enginePost = devnet?.post;
  const ops = new ProcessOps(config.opsLaddr);
  let app;
  let closeOps;
  try {
    if (engineUrl === null) throw new Error('photon start: no engine to read');
    app = await createInProcessApp(config, { url: engineUrl, post: enginePost }, logger, ops, apiKeys);
    const readiness = app.get(GatewayReadiness);
    closeOps = await ops.serve('start', () => readiness.report(), logger);
  } catch (error) {
    await app?.close();
    await devnet?.stop();
    throw error;
  }
  const { host, port } = config.laddr;
  logger.announce(
    `photon: serving JSON-RPC on http://${host}:${port} and ws://${host}:${config.wsport} ` +
      `(namespaces ${config.rpcApi.join(',')}, chain id ${config.chainId.cosmos})`,
  );
  const gateway = app.get(GatewayShutdown);
  closeOnSignal(
    [
      () => gateway.drain(config.shutdownGraceMs),
      () => app.close(),
      ...(devnet === undefined ? [] : [() => devnet.stop()]),
      closeOps,
    ],
    logger,
  );
}

// What every service command of the cluster (`photon query`, `tx`, `keystore`, `events`) does around its
// module: open Redis and NATS with the cluster credentials, serve the module's handlers on the service's
// NATS queue group, say so on stdout, and close everything on SIGTERM/SIGINT — or, when the start fails,
// at once. With --ops-laddr it serves /healthz, /readyz (bus, store and, for services reading the chain,
// the engine) and /metrics. A SIGTERM drains: readiness turns false, the queue groups are left, the calls
// in flight are answered, and only then do the connections (and last the ops listener) close.
import { type DynamicModule, type INestApplicationContext, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, NatsRpcServer, RpcHandlerRegistry } from '@photon/bus';

import type { ServiceName } from '@photon/types';
import type { Redis } from 'ioredis';
import { openNats, openRedis } from './cluster-connections';
import type { ClusterConfig, ListenAddress } from '@photon/config';
import { type OpsMetrics, Readiness } from '@photon/ops';
import { countHandlerCalls } from './ops/handler-calls';
import { ProcessOps } from './ops/process-ops';
import type { EngineCheck } from './ops/engine-check';
import { busCheck, storeCheck } from './ops/service-checks';
import type { PhotonLogger } from './photon-logger';
import { closeOnSignal } from './running-process';

@Module({})
class PhotonServiceModule {}

export interface ClusterService {
  readonly name: ServiceName;
  /** The service's module, built on the process's Redis connection (its stores live there). */
  module(redis: Redis, log: Logger): DynamicModule;
  /** Appended to the "serving on NATS" line (e.g. where its state lives). */
  readonly announce?: string;
  /** Releases what `module` opened beside Redis, before the connections close. */
  close?(): Promise<void>;
  /** The engine the service reads (engineCheck): readiness checks it answers; closed with the process. */
  readonly engine?: EngineCheck;
  /** Feeds the metrics from what the service's app keeps (caches, the head, filters). */
  watch?(metrics: OpsMetrics, app: INestApplicationContext): void;
}

export async function serveClusterService(
  config: ClusterConfig & { readonly opsLaddr: ListenAddress | null },
  service: ClusterService,
  logger: PhotonLogger,
): Promise<void> {
  const log = new Logger(service.name);
  const redis = await openRedis(config, `photon-${service.name}`, (message) => log.warn(message));
  const nats = await openNats(config, `photon-${service.name}`).catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const strategy = new NatsRpcServer(nats, config.busPrefix, { traceCalls: logger.isEnabled('debug') });
  const ops = new ProcessOps(config.opsLaddr);
  const engine = service.engine;
  try {
    const app = await NestFactory.createMicroservice(
      {
        module: PhotonServiceModule,
        imports: [BusModule.overNats(nats, config.busPrefix), service.module(redis, log)],
      },
      {
        strategy,
        logger,
        abortOnError: false,
      },
    );
    strategy.attach(app.get(RpcHandlerRegistry));
    if (ops.metrics !== undefined) {
      countHandlerCalls(ops.metrics, app, service.name);
      ops.metrics.sources.watchInFlight(service.name, () => strategy.requestsInFlight);
      service.watch?.(ops.metrics, app);
    }
    await app.listen();
    const readiness = new Readiness(
      {
        bus: busCheck(nats),
        store: storeCheck(redis),
        ...(engine === undefined ? {} : { engine: engine.check }),
      },
      ops.draining,
    );
    const closeOps = await ops.serve(service.name, () => readiness.report(), logger);
    logger.announce(
      `photon ${service.name}: serving on NATS ${config.natsUrl.host} (prefix ${config.busPrefix})` +
        `${service.announce === undefined ? '' : `, ${service.announce}`}`,
    );
    closeOnSignal(
      [
        ops.beginDraining,
        () => app.close(),
        async () => service.close?.(),
        () => nats.drain(),
        async () => void (await redis.quit()),
        () => Promise.resolve(engine?.close()),
        closeOps,
      ],
      logger,
    );
  } catch (error) {
    engine?.close();
    await service.close?.().catch(() => undefined);
    await nats.close();
    redis.disconnect();
    throw error;
  }
}

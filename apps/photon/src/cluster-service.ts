// What every service command of the cluster (`photon query`, `tx`, `keystore`, `events`) does around its
// module: open Redis and NATS with the cluster credentials, serve the module's handlers on the service's
// NATS queue group, say so on stdout, and close everything on SIGTERM/SIGINT — or, when the start fails,
// at once.
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, NatsRpcServer, RpcHandlerRegistry } from '@photon/bus';

import type { ServiceName } from '@photon/types';
import type { Redis } from 'ioredis';
import { openNats, openRedis } from './cluster-connections';
import type { ClusterConfig } from '@photon/config';
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
}

export async function serveClusterService(
  config: ClusterConfig,
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
    await app.listen();
    logger.announce(
      `photon ${service.name}: serving on NATS ${config.natsUrl.host} (prefix ${config.busPrefix})` +
        `${service.announce === undefined ? '' : `, ${service.announce}`}`,
    );
    closeOnSignal(
      [
        () => app.close(),
        async () => service.close?.(),
        () => nats.drain(),
        async () => void (await redis.quit()),
      ],
      logger,
    );
  } catch (error) {
    await service.close?.().catch(() => undefined);
    await nats.close();
    redis.disconnect();
    throw error;
  }
}

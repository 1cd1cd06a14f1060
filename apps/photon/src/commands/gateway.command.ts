// `photon gateway`: the HTTP and websocket listeners alone, routing every call over NATS. SIGTERM
// drains it (readiness 503, no new connections, websockets closed with 1012, requests in flight finish
// within --shutdown-grace) before the bus closes. With rate limits on (--rate-limit or --api-keys-file),
// the gateways count them together in Redis. With --ops-laddr, /healthz, /readyz (the same answer as its
// own) and /metrics on a listener of their own, closed last.
import { Module } from '@nestjs/common';
import { BusModule } from '@photon/bus';
import type { GatewayConfig } from '@photon/config';
import { GatewayModule, GatewayReadiness, GatewayShutdown, bootstrapGateway } from '@photon/gateway';
import { MemoryRateLimitCounter, RedisRateLimitCounter } from '@photon/store';
import type { Redis } from 'ioredis';
import { gatewayOptionsOf } from '../gateway-options-of';
import { openNats, openRedis } from '../cluster-connections';
import { watchGateway } from '../ops/gateway-sources';
import { ProcessOps } from '../ops/process-ops';
import { apiKeysOf } from '../api-keys-of';
import type { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

@Module({})
class PhotonGatewayModule {}

export async function gatewayCommand(config: GatewayConfig, logger: PhotonLogger): Promise<void> {
  const apiKeys = await apiKeysOf(config);
  const limited = config.rateLimit > 0 || apiKeys.configured;
  const redis: Redis | undefined = limited
    ? await openRedis(config, 'photon-gateway', (message) => logger.warn(message, 'gateway'))
    : undefined;
  const nats = await openNats(config, 'photon-gateway').catch((error: unknown) => {
    redis?.disconnect();
    throw error;
  });
  const gateway = gatewayOptionsOf(config);
  const counter =
    redis === undefined
      ? new MemoryRateLimitCounter()
      : new RedisRateLimitCounter(redis, { prefix: config.busPrefix });
  const ops = new ProcessOps(config.opsLaddr);
  try {
    const app = await bootstrapGateway(
      {
        module: PhotonGatewayModule,
        imports: [
          BusModule.overNats(nats, config.busPrefix),
          GatewayModule.register(gateway, { counter, apiKeys }, ops),
        ],
      },
      gateway,
      logger,
    );
    if (ops.metrics !== undefined) watchGateway(ops.metrics, app);
    const readiness = app.get(GatewayReadiness);
    const closeOps = await ops.serve('gateway', () => readiness.report(), logger);
    const { host, port } = config.laddr;
    logger.announce(
      `photon gateway: http://${host}:${port} ws://${host}:${config.wsport} via NATS` +
        `${redis === undefined ? '' : ', rate limits counted in Redis'}`,
    );
    closeOnSignal(
      [
        () => app.get(GatewayShutdown).drain(config.shutdownGraceMs),
        () => app.close(),
        () => nats.drain(),
        async () => void (await redis?.quit()),
        closeOps,
      ],
      logger,
    );
  } catch (error) {
    await nats.close();
    redis?.disconnect();
    throw error;
  }
}

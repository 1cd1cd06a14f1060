// `photon query`: the query service alone, answering its queue group on NATS.
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, NatsRpcServer, RpcHandlerRegistry } from '@photon/bus';
import type { QueryConfig } from '@photon/config';
import { QueryModule } from '@photon/query';
import { stopProcessOnMismatch, verifyEngineChainId } from '../engine-chain-id';
import { openNats } from '../cluster-connections';
import { PhotonLogger } from '../photon-logger';
import { queryOptionsOf } from '../query-options-of';
import { closeOnSignal } from '../running-process';

@Module({})
class PhotonQueryModule {}

export async function queryCommand(config: QueryConfig): Promise<void> {
  await verifyEngineChainId(config.node, config.chainId, stopProcessOnMismatch('query'));
  const nats = await openNats(config, 'photon-query');
  const strategy = new NatsRpcServer(nats, config.busPrefix);
  const app = await NestFactory.createMicroservice(
    {
      module: PhotonQueryModule,
      imports: [
        BusModule.overNats(nats, config.busPrefix),
        QueryModule.register(queryOptionsOf(config, config.node)),
      ],
    },
    { strategy, logger: new PhotonLogger(config.logLevel, config.quiet), abortOnError: false },
  );
  strategy.attach(app.get(RpcHandlerRegistry));
  await app.listen();
  process.stdout.write(`photon query: serving on NATS ${config.natsUrl.host} (prefix ${config.busPrefix})\n`);
  closeOnSignal([() => app.close(), () => nats.drain()]);
}

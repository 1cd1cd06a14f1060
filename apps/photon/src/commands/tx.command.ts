// `photon tx`: the tx service alone, answering its queue group on NATS and publishing accepted hashes;
// senders' nonces are reserved in Redis so every replica shares one sequence per account.
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, NatsRpcServer, RpcHandlerRegistry } from '@photon/bus';
import type { TxConfig } from '@photon/config';
import { RedisNonceStore } from '@photon/store';
import { TxModule } from '@photon/tx';
import { openNats, openRedis } from '../cluster-connections';
import { stopProcessOnMismatch, verifyEngineChainId } from '../engine-chain-id';
import { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';
import { txOptionsOf } from '../tx-options-of';

@Module({})
class PhotonTxModule {}

export async function txCommand(config: TxConfig): Promise<void> {
  await verifyEngineChainId(config.node, config.chainId, stopProcessOnMismatch('tx'));
  const log = new Logger('tx');
  const redis = await openRedis(config, 'photon-tx', (message) => log.warn(message));
  const nats = await openNats(config, 'photon-tx').catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const nonces = new RedisNonceStore(redis, { prefix: config.busPrefix });
  const strategy = new NatsRpcServer(nats, config.busPrefix);
  const app = await NestFactory.createMicroservice(
    {
      module: PhotonTxModule,
      imports: [
        BusModule.overNats(nats, config.busPrefix),
        TxModule.register(txOptionsOf(config, config.node, nonces)),
      ],
    },
    { strategy, logger: new PhotonLogger(config.logLevel, config.quiet), abortOnError: false },
  );
  strategy.attach(app.get(RpcHandlerRegistry));
  await app.listen();
  process.stdout.write(`photon tx: serving on NATS ${config.natsUrl.host} (prefix ${config.busPrefix})\n`);
  closeOnSignal([() => app.close(), () => nats.drain(), async () => void (await redis.quit())]);
}

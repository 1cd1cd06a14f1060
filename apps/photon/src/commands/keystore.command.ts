// `photon keystore`: the keystore service alone, answering its NATS queue group, with unlock
// sessions in Redis so every replica sees the same unlocks, locks and expiries.
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BusModule, NatsRpcServer, RpcHandlerRegistry } from '@photon/bus';
import type { KeystoreConfig } from '@photon/config';
import { KeystoreModule, readKekFile } from '@photon/keystore';
import { RedisUnlockStore } from '@photon/store';
import { openNats, openRedis } from '../cluster-connections';
import { clusterKeystoreOptions } from '../keystore-options-of';
import { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

@Module({})
class PhotonKeystoreModule {}

export async function keystoreCommand(config: KeystoreConfig): Promise<void> {
  const logger = new PhotonLogger(config.logLevel, config.quiet);
  const log = new Logger('keystore');
  const wrapper = await readKekFile(config.keystoreKekFile);
  const redis = await openRedis(config, 'photon-keystore', (message) => log.warn(message));
  const nats = await openNats(config, 'photon-keystore').catch((error: unknown) => {
    redis.disconnect();
    throw error;
  });
  const sessions = new RedisUnlockStore(redis, wrapper, {
    prefix: config.busPrefix,
    onError: (message) => log.warn(message),
  });
  const strategy = new NatsRpcServer(nats, config.busPrefix);
  try {
    const app = await NestFactory.createMicroservice(
      {
        module: PhotonKeystoreModule,
        imports: [
          BusModule.overNats(nats, config.busPrefix),
          KeystoreModule.register(clusterKeystoreOptions(config, sessions)),
        ],
      },
      { strategy, logger, abortOnError: false },
    );
    strategy.attach(app.get(RpcHandlerRegistry));
    await app.listen();
    process.stdout.write(
      `photon keystore: serving on NATS ${config.natsUrl.host} (prefix ${config.busPrefix}), ` +
        `sessions in Redis ${config.redisUrl.host}\n`,
    );
    closeOnSignal([
      () => app.close(),
      () => nats.drain(),
      async () => {
        await redis.quit();
      },
    ]);
  } catch (error) {
    await sessions.close();
    await nats.close();
    redis.disconnect();
    throw error;
  }
}

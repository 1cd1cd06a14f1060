// `photon keystore`: the keystore service alone, answering its NATS queue group, with unlock
// sessions in Redis so every replica sees the same unlocks, locks and expiries, and the same failed
// passphrase attempts.
import type { KeystoreConfig } from '@photon/config';
import { KeystoreModule, readKekFile } from '@photon/keystore';
import { RedisUnlockBackoff, RedisUnlockStore } from '@photon/store';
import { serveClusterService } from '../cluster-service';
import type { PhotonLogger } from '../photon-logger';
import { clusterDevAccountKeys, clusterKeystoreOptions, unlockBackoffPolicyOf } from '../keystore-options-of';

export async function keystoreCommand(config: KeystoreConfig, logger: PhotonLogger): Promise<void> {
  // A KEK file that cannot be read stops the start before anything connects.
  const wrapper = await readKekFile(config.keystoreKekFile);
  const devAccountKeys = await clusterDevAccountKeys(config);
  let sessions: RedisUnlockStore | undefined;
  await serveClusterService(
    config,
    {
      name: 'keystore',
      announce: `sessions in Redis ${config.redisUrl.host}`,
      module: (redis, log) => {
        sessions = new RedisUnlockStore(redis, wrapper, {
          prefix: config.busPrefix,
          onError: (message) => log.warn(message),
        });
        const backoff = new RedisUnlockBackoff(redis, {
          prefix: config.busPrefix,
          policy: unlockBackoffPolicyOf(config),
        });
        return KeystoreModule.register(clusterKeystoreOptions(config, sessions, backoff, devAccountKeys));
      },
      close: async () => sessions?.close(),
    },
    logger,
  );
}

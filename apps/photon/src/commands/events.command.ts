// `photon events`: the events service alone, answering its NATS queue group; filter cursors live in
// Redis, so any replica answers a poll of any filter, and the replica holding the head lease in Redis
// publishes the chain heads on JetStream.
import type { EventsConfig } from '@photon/config';
import { EventsModule } from '@photon/events';
import { RedisFilterStore, RedisHeadLeadership, RedisLogIndex } from '@photon/store';
import { serveClusterService } from '../cluster-service';
import { watchEvents } from '../ops/events-sources';
import type { PhotonLogger } from '../photon-logger';
import { eventsOptionsOf, filterStoreSettingsOf } from '../events-options-of';
import { engineCheck } from '../ops/engine-check';

export async function eventsCommand(config: EventsConfig, logger: PhotonLogger): Promise<void> {
  await serveClusterService(
    config,
    {
      name: 'events',
      engine: engineCheck(config.node),
      watch: watchEvents,
      announce: `filters in Redis ${config.redisUrl.host}`,
      module: (redis) =>
        EventsModule.register(
          eventsOptionsOf(
            config,
            config.node,
            {
              filters: new RedisFilterStore(redis, {
                prefix: config.busPrefix,
                ...filterStoreSettingsOf(config),
              }),
              leadership: new RedisHeadLeadership(redis, { prefix: config.busPrefix }),
              logIndex: new RedisLogIndex(redis, { prefix: config.busPrefix }),
            },
            {
              embedded: false,
              onLeadership: (leading) =>
                logger.announce(
                  leading
                    ? 'photon events: this replica publishes the chain heads'
                    : 'photon events: another replica publishes the chain heads',
                ),
            },
          ),
        ),
    },
    logger,
  );
}

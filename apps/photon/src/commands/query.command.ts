// `photon query`: the query service alone, answering its queue group on NATS; pending answers read the
// tx service's accepted-tx record in Redis, eth_getLogs the events leader's log index there.
import type { QueryConfig } from '@photon/config';
import { QueryModule } from '@photon/query';
import { RedisAcceptedTxStore, RedisLogIndex } from '@photon/store';
import { serveClusterService } from '../cluster-service';
import { watchQuery } from '../ops/query-sources';
import type { PhotonLogger } from '../photon-logger';
import { stopProcessOnMismatch, verifyEngineChainId } from '../engine-chain-id';
import { queryOptionsOf } from '../query-options-of';
import { engineCheck } from '../ops/engine-check';

export async function queryCommand(config: QueryConfig, logger: PhotonLogger): Promise<void> {
  await verifyEngineChainId(config.node, config.chainId, stopProcessOnMismatch('query', logger));
  await serveClusterService(
    config,
    {
      name: 'query',
      engine: engineCheck(config.node),
      watch: watchQuery,
      module: (redis) =>
        QueryModule.register(
          queryOptionsOf(config, config.node, {
            accepted: new RedisAcceptedTxStore(redis, { prefix: config.busPrefix }),
            logIndex: new RedisLogIndex(redis, { prefix: config.busPrefix }),
          }),
        ),
    },
    logger,
  );
}

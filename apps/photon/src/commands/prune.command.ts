// `photon prune --bus-prefix X`: removes what a tier left under its prefix in NATS and Redis (its Redis
// keys, its JetStream streams and their consumers), once its processes have stopped.
import type { PruneConfig } from '@photon/config';
import type { PhotonLogger } from '../photon-logger';
import { prunePrefix, prunedLine } from '../prune/prune-prefix';

export async function pruneCommand(config: PruneConfig, logger: PhotonLogger): Promise<void> {
  const pruned = await prunePrefix(config, (message) => logger.warnLine(`photon prune: ${message}`));
  logger.announce(`photon prune: ${prunedLine(config.busPrefix, pruned)}`);
  process.exit(0);
}

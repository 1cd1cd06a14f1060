// What `photon prune` and `photon cluster` (at the exit of a cluster whose prefix it chose) remove: every
// Redis key and JetStream stream the tier made under a bus prefix. Nothing else keeps state between runs.
import { removePrefixStreams } from '@photon/bus';
import type { ClusterConfig } from '@photon/config';
import { removePrefixKeys } from '@photon/store';
import { openNats, openRedis } from '../cluster-connections';

export interface Pruned {
  readonly redisKeys: number;
  readonly streams: readonly string[];
}

export async function prunePrefix(
  config: ClusterConfig,
  onError: (message: string) => void,
): Promise<Pruned> {
  const redis = await openRedis(config, 'photon-prune', onError);
  try {
    const nats = await openNats(config, 'photon-prune');
    try {
      const streams = await removePrefixStreams(nats, config.busPrefix);
      return { redisKeys: await removePrefixKeys(redis, config.busPrefix), streams };
    } finally {
      await nats.close();
    }
  } finally {
    redis.disconnect();
  }
}

export function prunedLine(prefix: string, { redisKeys, streams }: Pruned): string {
  const named = streams.length === 0 ? '' : ` (${streams.join(', ')})`;
  return `removed ${redisKeys} Redis keys and ${streams.length} JetStream streams${named} of prefix ${prefix}`;
}

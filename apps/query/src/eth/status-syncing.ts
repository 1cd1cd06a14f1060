// eth_syncing from CometBFT's status: false once caught up, else geth's progress object. CometBFT does not
// know the network's highest block, so the highest it knows of is its own latest.
import type { CometStatus } from '@photon/engine-client';

export interface SyncProgress {
  readonly startingBlock: bigint;
  readonly currentBlock: bigint;
  readonly highestBlock: bigint;
}

export function syncProgress(status: Pick<CometStatus, 'syncInfo'>): SyncProgress | false {
  const { catchingUp, earliestBlockHeight, latestBlockHeight } = status.syncInfo;
  if (!catchingUp) return false;
  return {
    startingBlock: earliestBlockHeight,
    currentBlock: latestBlockHeight,
    highestBlock: latestBlockHeight,
  };
}

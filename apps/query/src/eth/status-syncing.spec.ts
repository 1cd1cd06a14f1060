import type { CometStatus } from '@photon/engine-client';
import { syncProgress } from './status-syncing';

const status = (catchingUp: boolean): Pick<CometStatus, 'syncInfo'> => ({
  syncInfo: {
    latestBlockHash: `0x${'11'.repeat(32)}`,
    latestAppHash: `0x${'22'.repeat(32)}`,
    latestBlockHeight: 120n,
    latestBlockTime: undefined,
    earliestBlockHeight: 100n,
    catchingUp,
  },
});

describe(syncProgress.name, () => {
  it('default: false when the engine is caught up', () => {
    expect(syncProgress(status(false))).toBe(false);
  });

  it('behavior: while catching up, the retained range and the latest height', () => {
    expect(syncProgress(status(true))).toEqual({
      startingBlock: 100n,
      currentBlock: 120n,
      highestBlock: 120n,
    });
  });
});

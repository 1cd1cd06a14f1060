// What the devnet keeps per committed height: the CometBFT block, its id and commit, and the
// application's results — everything the RPC routes and the websocket events are built from.
import type { CometBlock, CometBlockId, CometCommit } from '../comet';
import type { ExecutedBlock } from '../evm';
import type { AbciEvent, TxResult } from './abci-results';

export interface CommittedBlock {
  readonly block: CometBlock;
  readonly id: CometBlockId;
  /** The validator's commit of this block (what `commit` returns and the next block's last_commit). */
  readonly commit: CometCommit;
  readonly executed: ExecutedBlock;
  /** One per entry of `block.txs`, in order. */
  readonly txResults: readonly TxResult[];
  /** CometBFT hashes (sha256) of `block.txs`, in order, computed once at commit. */
  readonly txHashes: readonly Uint8Array[];
  readonly finalizeEvents: readonly AbciEvent[];
  /** The application state root after this block (block_results.app_hash; next header's app_hash). */
  readonly appHash: Uint8Array;
}

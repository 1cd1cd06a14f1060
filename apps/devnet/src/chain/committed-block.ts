// What the devnet keeps per committed height: the CometBFT block, its id and commit, and the
// application's results — everything the RPC routes and the websocket events are built from.
import { type CometBlock, type CometBlockId, type CometCommit, txHash } from '../comet';
import type { ExecutedBlock } from '../evm';
import { type AbciEvent, type TxResult, cometTxResult, finalizeBlockEvents } from './abci-results';
import { messagesPerCometTx } from './comet-tx-messages';

export interface CommittedBlock {
  readonly block: CometBlock;
  readonly id: CometBlockId;
  /** The validator's commit of this block (what `commit` returns and the next block's last_commit). */
  readonly commit: CometCommit;
  readonly executed: ExecutedBlock;
  /** One per entry of `block.txs`, in order (a Cosmos tx with several Ethereum messages has one result). */
  readonly txResults: readonly TxResult[];
  /** For each executed Ethereum tx, the index in `block.txs` of the Cosmos tx that carried it. */
  readonly cometIndexOfTx: readonly number[];
  /** CometBFT hashes (sha256) of `block.txs`, in order, computed once at commit. */
  readonly txHashes: readonly Uint8Array[];
  readonly finalizeEvents: readonly AbciEvent[];
  /** The application state root after this block (block_results.app_hash; next header's app_hash). */
  readonly appHash: Uint8Array;
}

/**
 * A committed block with the parts derived from it (tx hashes, ABCI results, finalize events): one
 * path for the producer and for a data dir reopened, so both serve the same results.
 */
export function committedBlock(
  block: CometBlock,
  id: CometBlockId,
  commit: CometCommit,
  executed: ExecutedBlock,
): CommittedBlock {
  const hashes = block.txs.map(txHash);
  const groups = messagesPerCometTx(block.txs, executed.txs);
  return {
    block,
    id,
    commit,
    executed,
    txResults: groups.map((group, i) => cometTxResult(group, hashes[i]!, id.hash)),
    cometIndexOfTx: groups.flatMap((group, i) => group.map(() => i)),
    txHashes: hashes,
    finalizeEvents: finalizeBlockEvents(executed),
    appHash: executed.stateRoot,
  };
}

// Which kept txs a rebroadcast round sends again: those the engine lost (missing from a complete mempool
// listing: sent at once), or, past CometBFT's one-page listing, those still unmined N blocks after they
// were last sent or first seen missing. Each goes again at most once per N blocks, so a tx the engine keeps
// refusing (funds, fees) has N blocks between tries. Pure, so the rules are tested without an engine.
import type { AcceptedTxRecord, UnlistedTxs } from '@photon/engine-client';

export interface RebroadcastSettings {
  /** Blocks between two sends of one kept tx (--tx-rebroadcast-blocks). */
  readonly blocks: number;
  /** A kept tx older than this is dropped (--txpool-lifetime). */
  readonly lifetimeMs: number;
}

export interface RoundPlan {
  /** Kept past the lifetime: dropped. */
  readonly expired: AcceptedTxRecord[];
  /** To send now, per sender by ascending nonce (CheckTx wants each sender's nonces in order). */
  readonly due: AcceptedTxRecord[][];
}

/**
 * The plan at `height`. `nextTry` (tx hash → first height it may go again) is this replica's memory of
 * what it sent; the plan forgets hashes no longer unlisted and notes those first seen past one page.
 */
export function planRound(
  unlisted: UnlistedTxs,
  height: bigint,
  nextTry: Map<string, bigint>,
  settings: RebroadcastSettings,
  nowMs: number,
): RoundPlan {
  const current = new Set(unlisted.txs.map((tx) => tx.hash));
  for (const hash of nextTry.keys()) if (!current.has(hash)) nextTry.delete(hash);
  const expired: AcceptedTxRecord[] = [];
  const bySender = new Map<string, AcceptedTxRecord[]>();
  for (const tx of unlisted.txs) {
    if (nowMs - tx.acceptedAtMs >= settings.lifetimeMs) {
      expired.push(tx);
      nextTry.delete(tx.hash);
      continue;
    }
    let at = nextTry.get(tx.hash);
    // Past one page a tx may be in the mempool beyond the listing: it goes once N blocks show it unmined.
    if (at === undefined && !unlisted.complete) nextTry.set(tx.hash, (at = height + BigInt(settings.blocks)));
    if (at !== undefined && at > height) continue;
    const txs = bySender.get(tx.sender) ?? [];
    txs.push(tx);
    bySender.set(tx.sender, txs);
  }
  const due = [...bySender.values()].map((txs) =>
    txs.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0)),
  );
  return { expired, due };
}

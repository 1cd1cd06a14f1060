// The `pending` nonce of an account, as geth's pool reports it: the committed nonce advanced past each of the
// sender's mempool txs that continue it without a gap (a tx stuck behind a gap does not count).
export function pendingNonce(
  committed: bigint,
  sender: string,
  mempool: readonly { readonly from: string; readonly nonce: bigint }[],
): bigint {
  const key = sender.toLowerCase();
  const queued = new Set(mempool.filter((tx) => tx.from.toLowerCase() === key).map((tx) => tx.nonce));
  let next = committed;
  while (queued.has(next)) next++;
  return next;
}

// Which executed Ethereum txs each Cosmos tx of a block carried: a Cosmos tx may hold several
// MsgEthereumTx (relayers and Cronos send them), executed one after the other in message order.
import { unwrapEthereumTx } from '@photon/ethermint-wire';
import type { ExecutedTx } from '../evm';

/**
 * `executed` cut into one run per entry of `blockTxs`: each Cosmos tx takes the executed txs, in order, whose
 * Ethereum hashes its messages carry (a message refused at execution has none, and is left out).
 */
export function messagesPerCometTx(
  blockTxs: readonly Uint8Array[],
  executed: readonly ExecutedTx[],
): ExecutedTx[][] {
  let next = 0;
  const groups = blockTxs.map((bytes) => {
    const hashes = new Set(unwrapEthereumTx(bytes, { verifySender: false }).map((m) => m.hash.toLowerCase()));
    const group: ExecutedTx[] = [];
    while (next < executed.length && hashes.has(executed[next]!.hash.toLowerCase()))
      group.push(executed[next++]!);
    return group;
  });
  if (next !== executed.length || groups.some((group) => group.length === 0)) {
    throw new Error(
      `the block's ${blockTxs.length} Cosmos txs do not carry its ${executed.length} Ethereum txs`,
    );
  }
  return groups;
}

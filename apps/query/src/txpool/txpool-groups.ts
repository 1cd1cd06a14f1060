// geth's txpool layout: transactions keyed by sender (EIP-55 checksummed, as geth's `Address.Hex()`) and
// then by nonce in decimal. Ethermint's mempool holds only executable txs, so `queued` is always empty.
import type { EthTransactionRecord } from '@photon/types';
import { getAddress } from 'ethers';

/** sender → nonce (decimal) → value, both in ascending order. */
export type BySenderAndNonce<T> = Record<string, Record<string, T>>;

export interface TxpoolView<T> {
  readonly pending: BySenderAndNonce<T>;
  readonly queued: BySenderAndNonce<T>;
}

/** One sender's half of a TxpoolView: nonce (decimal) → value. */
export interface TxpoolFromView<T> {
  readonly pending: Record<string, T>;
  readonly queued: Record<string, T>;
}

export function groupBySenderAndNonce<T>(
  txs: readonly EthTransactionRecord[],
  present: (tx: EthTransactionRecord) => T,
): BySenderAndNonce<T> {
  const sorted = [...txs].sort((a, b) =>
    a.from === b.from ? (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0) : a.from < b.from ? -1 : 1,
  );
  const groups: BySenderAndNonce<T> = {};
  for (const tx of sorted) {
    const sender = getAddress(tx.from);
    const byNonce = (groups[sender] ??= {});
    byNonce[tx.nonce.toString(10)] = present(tx);
  }
  return groups;
}

/** geth's txpool_inspect line `<to>: <value> wei + <gas> gas × <price> wei` (price: an EIP-1559 fee cap). */
export function inspectLine(tx: EthTransactionRecord): string {
  const target = tx.to === null ? 'contract creation' : getAddress(tx.to);
  return `${target}: ${tx.value} wei + ${tx.gas} gas × ${tx.gasPrice} wei`;
}

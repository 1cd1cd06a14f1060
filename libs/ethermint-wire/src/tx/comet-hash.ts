// CometBFT's tx hash (what `tx`, `tx_search` and `ethereum_tx.txHash` use), distinct from the Ethereum hash.
import { sha256 } from 'ethers';

/** sha256 of the raw tx bytes as uppercase hex without 0x, CometBFT's spelling. */
export function cometTxHash(txBytes: Uint8Array): string {
  return sha256(txBytes).slice(2).toUpperCase();
}

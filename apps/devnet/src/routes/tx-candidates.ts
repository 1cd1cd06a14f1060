// Where txs matching a query can be, so tx_search reads the index instead of the whole chain:
// `tx.hash` and `ethereum_tx.ethereumTxHash` equality go straight to their index, `tx.height`
// conditions bound the heights. The query's own match still decides; this only narrows.
import { type Query } from '@photon/ethermint-wire';
import { decodeHex } from '../comet';
import type { ChainStore, TxLocation } from '../chain/chain-store';

export function txCandidates(store: ChainStore, query: Query): TxLocation[] {
  let low = store.earliestHeight;
  let high = store.latestHeight;
  for (const condition of query.conditions) {
    if (condition.op === 'EXISTS' || condition.op === 'CONTAINS') continue;
    const { value } = condition.operand;
    if (condition.op === '=' && condition.tag === 'tx.hash')
      return located(store.txByHash(hexOrEmpty(value)));
    if (condition.op === '=' && condition.tag === 'ethereum_tx.ethereumTxHash') {
      return located(store.txByEthereumHash(value));
    }
    if (condition.tag !== 'tx.height' || !/^\d+$/.test(value)) continue;
    const height = BigInt(value);
    if (condition.op === '=' || condition.op === '>=') low = height > low ? height : low;
    if (condition.op === '=' || condition.op === '<=') high = height < high ? height : high;
    if (condition.op === '>' && height + 1n > low) low = height + 1n;
    if (condition.op === '<' && height - 1n < high) high = height - 1n;
  }
  const locations: TxLocation[] = [];
  for (let height = low; height <= high; height++) {
    store.at(height)?.block.txs.forEach((_, index) => locations.push({ height, index }));
  }
  return locations;
}

const located = (location: TxLocation | undefined): TxLocation[] =>
  location === undefined ? [] : [location];

function hexOrEmpty(text: string): Uint8Array {
  try {
    return decodeHex(text);
  } catch {
    return new Uint8Array();
  }
}

// The `ethereum_tx` events of one Cosmos tx result, merged per Ethereum hash. Ethermint emits them in one event
// (older line) or in two parts (ante handler: hash + index; EVM: gas used, failure, recipient …), in both
// CometBFT encodings; Ethermint's rpc/types ParseTxResult reads them the same way.
import { type CometBlockResults, type CometEvent } from '../comet/types';

export interface EthereumTxEvent {
  /** `txGasUsed`, when the node wrote it. */
  readonly gasUsed: bigint | undefined;
  /** `ethereumTxFailed` is present: the EVM reverted or failed. */
  readonly failed: boolean;
}

/** Keyed by the lowercase 0x Ethereum hash. */
export function ethereumTxEvents(events: readonly CometEvent[]): Map<string, EthereumTxEvent> {
  const merged = new Map<string, { gasUsed: bigint | undefined; failed: boolean }>();
  for (const event of events) {
    if (event.type !== 'ethereum_tx') continue;
    const hash = event.attributes.find((a) => a.key === 'ethereumTxHash')?.value.toLowerCase();
    if (hash === undefined) continue;
    const entry = merged.get(hash) ?? { gasUsed: undefined, failed: false };
    for (const { key, value } of event.attributes) {
      if (key === 'txGasUsed' && /^[0-9]+$/.test(value)) entry.gasUsed = BigInt(value);
      if (key === 'ethereumTxFailed') entry.failed = true;
    }
    merged.set(hash, entry);
  }
  return merged;
}

/** The Ethereum hashes (0x lowercase) of every tx a block's results name: what a block mined. */
export function ethereumTxHashes(results: CometBlockResults): Set<string> {
  const hashes = new Set<string>();
  for (const tx of results.txsResults)
    for (const hash of ethereumTxEvents(tx.events).keys()) hashes.add(hash);
  return hashes;
}

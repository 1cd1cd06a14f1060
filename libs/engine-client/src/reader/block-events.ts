// What the block-level events (0.38 finalize_block_events, 0.34/0.37 begin/end_block_events) say about the block:
// the base fee (`fee_market.base_fee`, x/feemarket's BeginBlock) and the logs bloom (`block_bloom.bloom`).
import { BLOOM_BYTES } from '@photon/ethermint-wire';
import { type CometEvent } from '../comet/types';

function attribute(events: readonly CometEvent[], type: string, key: string): string | undefined {
  for (const event of events) {
    if (event.type !== type) continue;
    const found = event.attributes.find((a) => a.key === key);
    if (found !== undefined) return found.value;
  }
  return undefined;
}

/** The base fee the block's txs paid, when the node emitted it. */
export function baseFeeFromEvents(events: readonly CometEvent[]): bigint | undefined {
  const value = attribute(events, 'fee_market', 'base_fee');
  return value !== undefined && /^[0-9]+$/.test(value) ? BigInt(value) : undefined;
}

/**
 * The bloom, when the event carries it losslessly: 0x hex (the devnet), or the raw 256 bytes that CometBFT
 * 0.34 base64-encoded. Ethermint writes raw bytes as a string, which 0.37+/JSON mangles; those are recomputed.
 */
export function bloomFromEvents(events: readonly CometEvent[]): Uint8Array | undefined {
  const value = attribute(events, 'block_bloom', 'bloom');
  if (value === undefined) return undefined;
  if (/^0x[0-9a-fA-F]*$/.test(value) && value.length === 2 + 2 * BLOOM_BYTES) {
    return Uint8Array.from(Buffer.from(value.slice(2), 'hex'));
  }
  if (value.length === BLOOM_BYTES && [...value].every((c) => c.charCodeAt(0) < 256)) {
    return Uint8Array.from(Buffer.from(value, 'latin1'));
  }
  return undefined;
}

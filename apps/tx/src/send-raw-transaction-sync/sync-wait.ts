// How long eth_sendRawTransactionSync waits for its receipt, as geth chooses (EIP-7966 leaves it to the
// node): no timeout or 0 takes the node's default, a longer ask than the node's maximum waits the maximum.
import type { SyncSendSettings } from '../tx-options';

export function syncWaitMs(asked: bigint | undefined, settings: SyncSendSettings): number {
  const { defaultTimeoutMs, maxTimeoutMs } = settings;
  if (asked === undefined || asked === 0n) return Math.min(defaultTimeoutMs, maxTimeoutMs);
  return asked > BigInt(maxTimeoutMs) ? maxTimeoutMs : Number(asked);
}

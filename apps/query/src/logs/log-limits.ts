// eth_getLogs caps (LIMITS.md: 10,000 blocks, 10,000 logs, as Ethermint). Both errors name a block
// range that fits, in Infura's words, so a client can retry without guessing.
import { LimitExceededError, encodeQuantity } from '@photon/codec';

export interface LogLimits {
  readonly maxBlockRange: number;
  readonly maxResults: number;
}

export const DEFAULT_LOG_LIMITS: LogLimits = { maxBlockRange: 10_000, maxResults: 10_000 };

/** Throws when [from, to] spans more blocks than allowed, suggesting the first range that fits. */
export function assertRangeFits(from: bigint, to: bigint, limits: LogLimits): void {
  const span = to - from + 1n;
  if (span <= BigInt(limits.maxBlockRange)) return;
  const fits = from + BigInt(limits.maxBlockRange) - 1n;
  throw new LimitExceededError(
    `query exceeds max block range ${limits.maxBlockRange}. Try with this block range ` +
      `[${encodeQuantity(from)}, ${encodeQuantity(fits)}].`,
    { from: encodeQuantity(from), to: encodeQuantity(fits) },
  );
}

/**
 * Thrown when the logs of [from, …] exceed the result cap; `lastFittingBlock` is the last block
 * whose logs, added to those before it, still fit.
 */
export function tooManyResults(
  from: bigint,
  lastFittingBlock: bigint,
  limits: LogLimits,
): LimitExceededError {
  return new LimitExceededError(
    `query returned more than ${limits.maxResults} results. Try with this block range ` +
      `[${encodeQuantity(from)}, ${encodeQuantity(lastFittingBlock)}].`,
    { from: encodeQuantity(from), to: encodeQuantity(lastFittingBlock) },
  );
}

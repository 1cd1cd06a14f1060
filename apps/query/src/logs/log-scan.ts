// Collects the logs matching a filter over a block range, reading a few blocks ahead in parallel but
// keeping block order, and stopping at the result cap with an error that names the range that fitted.
import { InvalidInputError } from '@photon/codec';
import type { EthLogRecord } from '@photon/types';
import { type LogCriteria, logMatches } from './log-criteria';
import type { BlockRange } from './log-range';
import { type LogLimits, tooManyResults } from './log-limits';

/** The logs of one block (only those that may match are needed), or null when the engine lacks it. */
export type BlockLogSource = (height: bigint) => Promise<readonly EthLogRecord[] | null>;

/** Blocks read ahead of the one being matched: enough to hide engine latency, few enough to be polite. */
export const SCAN_WINDOW = 16;

export async function scanLogs(
  range: BlockRange,
  criteria: LogCriteria,
  limits: LogLimits,
  source: BlockLogSource,
  window = SCAN_WINDOW,
): Promise<EthLogRecord[]> {
  const matched: EthLogRecord[] = [];
  const ahead: Promise<readonly EthLogRecord[] | null>[] = [];
  let next = range.from;
  const readNext = (): void => {
    const reading = source(next++);
    // Reads still in flight when the scan stops early are dropped; their failures must not go unhandled.
    reading.catch(() => undefined);
    ahead.push(reading);
  };
  while (ahead.length < window && next <= range.to) readNext();
  for (let height = range.from; height <= range.to; height++) {
    const logs = await ahead.shift();
    if (next <= range.to) readNext();
    if (logs === undefined) break;
    if (logs === null) {
      // CometBFT chains start at height 1: block 0 has no logs rather than being missing.
      if (height === 0n) continue;
      throw new InvalidInputError('header not found');
    }
    for (const log of logs) if (logMatches(log, criteria)) matched.push(log);
    if (matched.length > limits.maxResults) {
      throw tooManyResults(range.from, height > range.from ? height - 1n : range.from, limits);
    }
  }
  return matched;
}

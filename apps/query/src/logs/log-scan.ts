// Collects the logs matching a filter over a block range (every block of it, or only those the log index
// left), reading a few blocks ahead in parallel but keeping block order, and stopping at the result cap with
// an error that names the range that fitted.
import { InvalidInputError } from '@photon/codec';
import type { EthLogRecord } from '@photon/types';
import { type LogCriteria, logMatches } from './log-criteria';
import type { BlockRange } from './log-range';
import { type LogLimits, tooManyResults } from './log-limits';

/** The logs of one block (only those that may match are needed), or null when the engine lacks it. */
export type BlockLogSource = (height: bigint) => Promise<readonly EthLogRecord[] | null>;

/** A range and, when the log index narrowed it, the only heights of it that may hold a match (ascending). */
export interface ScanPlan extends BlockRange {
  readonly heights?: readonly bigint[];
}

/** Blocks read ahead of the one being matched: enough to hide engine latency, few enough to be polite. */
export const SCAN_WINDOW = 16;

export async function scanLogs(
  plan: ScanPlan,
  criteria: LogCriteria,
  limits: LogLimits,
  source: BlockLogSource,
  window = SCAN_WINDOW,
): Promise<EthLogRecord[]> {
  const matched: EthLogRecord[] = [];
  const ahead: Promise<readonly EthLogRecord[] | null>[] = [];
  const count = plan.heights?.length ?? Number(plan.to - plan.from + 1n);
  const heightAt = (at: number): bigint => plan.heights?.[at] ?? plan.from + BigInt(at);
  let next = 0;
  const readNext = (): void => {
    const reading = source(heightAt(next++));
    // Reads still in flight when the scan stops early are dropped; their failures must not go unhandled.
    reading.catch(() => undefined);
    ahead.push(reading);
  };
  while (ahead.length < window && next < count) readNext();
  for (let at = 0; at < count; at++) {
    const height = heightAt(at);
    const logs = await ahead.shift();
    if (next < count) readNext();
    if (logs === undefined) break;
    if (logs === null) {
      // CometBFT chains start at height 1: block 0 has no logs rather than being missing.
      if (height === 0n) continue;
      throw new InvalidInputError('header not found');
    }
    for (const log of logs) if (logMatches(log, criteria)) matched.push(log);
    if (matched.length > limits.maxResults) {
      throw tooManyResults(plan.from, height > plan.from ? height - 1n : plan.from, limits);
    }
  }
  return matched;
}

// Loads the recorded engine answers under testing/fixtures (see its README for where each comes from).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURES_DIR = join(__dirname, 'fixtures');

/** The parsed JSON of `fixtures/<path>`. */
export function readFixture(path: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, path), 'utf8')) as unknown;
}

/** The `result` of a recorded JSON-RPC response `fixtures/<dir>/<method>.json`. */
export function recordedResult(dir: string, method: string): unknown {
  const envelope = readFixture(join(dir, `${method}.json`)) as { result?: unknown };
  if (envelope.result === undefined) throw new Error(`${dir}/${method}.json has no result`);
  return envelope.result;
}

export interface LogProbe {
  readonly pingTopic: `0x${string}`;
  readonly initCode: `0x${string}`;
  readonly runtime: `0x${string}`;
}

export const LOG_PROBE = readFixture('log-probe.json') as LogProbe;

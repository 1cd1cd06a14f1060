// Loads the vendored execution-apis OpenRPC document (libs/testing/spec) relative to this file, which
// sits two levels below the package root both in src (jest) and in dist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonObject } from '@photon/types';
import { asObject } from './json-shape';

export const EXECUTION_APIS_DOCUMENT_PATH = join(
  __dirname,
  '..',
  '..',
  'spec',
  'execution-apis.openrpc.json',
);

let cached: JsonObject | undefined;

/** The document as published (parsed once; callers must not mutate it). */
export function loadExecutionApisDocument(): JsonObject {
  cached ??= asObject(JSON.parse(readFileSync(EXECUTION_APIS_DOCUMENT_PATH, 'utf8')) as unknown, 'the root');
  return cached;
}

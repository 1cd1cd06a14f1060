// Loads the vendored execution-apis OpenRPC document, which ships in @photon/types (libs/types/spec)
// because the gateway's rpc.discover reuses its schemas.
import { readFileSync } from 'node:fs';
import { EXECUTION_APIS_DOCUMENT_PATH, type JsonObject } from '@photon/types';
import { asObject } from './json-shape';

export { EXECUTION_APIS_DOCUMENT_PATH };

let cached: JsonObject | undefined;

/** The document as published (parsed once; callers must not mutate it). */
export function loadExecutionApisDocument(): JsonObject {
  cached ??= asObject(JSON.parse(readFileSync(EXECUTION_APIS_DOCUMENT_PATH, 'utf8')) as unknown, 'the root');
  return cached;
}

// Loads the vendored execution-apis OpenRPC document, which ships in @photon/types (libs/types/spec)
// because the gateway's rpc.discover reuses its schemas.
import { EXECUTION_APIS_DOCUMENT_PATH, type JsonObject, loadExecutionApisReference } from '@photon/types';
import { asObject } from './json-shape';

export { EXECUTION_APIS_DOCUMENT_PATH };

/** The document as published (parsed once, by @photon/types; callers must not mutate it). */
export function loadExecutionApisDocument(): JsonObject {
  return asObject(loadExecutionApisReference(), 'the root');
}

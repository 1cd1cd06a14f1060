// The vendored execution-apis document (libs/types/spec), whose schemas the OpenRPC document reuses
// for the methods it defines. It ships with the package (the image keeps libs/types/spec), so the
// gateway builds at run time the very document that is committed as docs/openrpc.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReferenceSchemas } from './build-openrpc';

/** Two levels below the package root both in src (jest) and in dist. */
export const EXECUTION_APIS_DOCUMENT_PATH = join(
  __dirname,
  '..',
  '..',
  'spec',
  'execution-apis.openrpc.json',
);

let cached: ReferenceSchemas | undefined;

/** The document as published, parsed once (callers must not mutate it). */
export function loadExecutionApisReference(): ReferenceSchemas {
  cached ??= JSON.parse(readFileSync(EXECUTION_APIS_DOCUMENT_PATH, 'utf8')) as ReferenceSchemas;
  return cached;
}

// Checks a whole OpenRPC document (what rpc.discover answers, docs/openrpc.json) against the OpenRPC
// meta-schema as published on npm (@open-rpc/meta-schema), whose schema fields refer to the JSON
// Schema meta-schema of @json-schema-tools/meta-schema; both are loaded here, nothing is fetched.
import { default as jsonSchemaMetaSchema } from '@json-schema-tools/meta-schema';
import * as openRpcMetaSchemaModule from '@open-rpc/meta-schema';
import Ajv, { type ValidateFunction } from 'ajv';
import { formatAjvErrors } from './format-errors';
import type { ValidationOutcome } from './validate-result';

// The package's typings declare only the document's types, not the schema value its index.js exports.
const openRpcMetaSchema = (openRpcMetaSchemaModule as unknown as { readonly openrpcDocument: object })
  .openrpcDocument;

let compiled: ValidateFunction | undefined;

/** A schema without its `$schema` (meta.json-schema.tools, which ajv does not know and need not). */
function withoutDialect(schema: object): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function validator(): ValidateFunction {
  if (compiled) return compiled;
  // The meta-schemas use "uri"-style formats ajv leaves to ajv-formats; they say nothing about shape.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const jsonSchema = withoutDialect(jsonSchemaMetaSchema);
  ajv.addSchema(jsonSchema);
  // The OpenRPC meta-schema refers to it both with and without the final slash of its $id.
  ajv.addSchema({ ...jsonSchema, $id: 'https://meta.json-schema.tools' });
  compiled = ajv.compile(withoutDialect(openRpcMetaSchema));
  return compiled;
}

/** `document` checked against the OpenRPC meta-schema. */
export function validateOpenRpcDocument(document: unknown): ValidationOutcome {
  const validate = validator();
  if (validate(document)) return { valid: true, errors: '' };
  return { valid: false, errors: formatAjvErrors(validate.errors ?? [], document) };
}

// The two places where the execution-apis document rejects answers that are right by its own
// components and by geth; each amendment checks it still applies, so a newer document that fixes
// the defect fails loudly here instead of being patched twice.
import type { JsonObject, JsonValue } from '@photon/types';
import { asArray, asObject } from './json-shape';

/**
 * FilterResults is `oneOf` [hashes, logs]: the empty array matches both branches, so the commonest
 * answer of eth_getLogs, `[]`, fails. `anyOf` (as Block.transactions already uses) still rejects
 * any malformed log, since it then matches neither branch.
 */
function filterResultsAnyOf(schemas: JsonObject): JsonObject {
  const { oneOf, ...rest } = asObject(schemas['FilterResults'], 'FilterResults');
  if (asArray(oneOf, 'FilterResults.oneOf').length !== 2) {
    throw new Error(
      'execution-apis document: FilterResults is no longer a two-branch oneOf; review spec-amendments',
    );
  }
  return { ...schemas, FilterResults: { ...rest, anyOf: oneOf ?? [] } };
}

/**
 * eth_getTransactionByHash serves pending transactions (geth: block fields null), which the
 * document's own PendingTransactionInfo describes but the method's result leaves out.
 */
function pendingTransactionByHash(method: JsonObject): JsonObject {
  const result = asObject(method['result'], 'eth_getTransactionByHash.result');
  const schema = asObject(result['schema'], 'eth_getTransactionByHash.result.schema');
  const branches = asArray(schema['oneOf'], 'eth_getTransactionByHash.result.schema.oneOf');
  const pending: JsonValue = { $ref: '#/components/schemas/PendingTransactionInfo' };
  if (branches.some((branch) => JSON.stringify(branch) === JSON.stringify(pending))) {
    throw new Error(
      'execution-apis document: eth_getTransactionByHash already allows pending; review spec-amendments',
    );
  }
  return { ...method, result: { ...result, schema: { ...schema, oneOf: [...branches, pending] } } };
}

/** A copy of the document with both amendments applied. */
export function amendDocument(document: JsonObject): JsonObject {
  const components = asObject(document['components'], 'components');
  const schemas = asObject(components['schemas'], 'components.schemas');
  const methods = asArray(document['methods'], 'methods').map((entry, index) => {
    const method = asObject(entry, `methods[${index}]`);
    return method['name'] === 'eth_getTransactionByHash' ? pendingTransactionByHash(method) : method;
  });
  return { ...document, methods, components: { ...components, schemas: filterResultsAnyOf(schemas) } };
}

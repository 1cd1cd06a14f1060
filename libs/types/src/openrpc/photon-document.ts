// Photon's OpenRPC document, the one source of both docs/openrpc.json (`pnpm openrpc`, checked by a
// spec) and what rpc.discover answers: the method table with the execution-apis schemas, at this
// release's version.
import type { Namespace } from '../method-table/method-row';
import { PHOTON_VERSION } from '../version';
import { type OpenRpcDocument, buildOpenRpcDocument } from './build-openrpc';
import { loadExecutionApisReference } from './execution-apis-reference';

/**
 * The document of every method (docs/openrpc.json), or of the methods of `namespaces` only: what
 * rpc.discover answers on a listener exposing them.
 */
export function photonOpenRpcDocument(namespaces?: readonly Namespace[]): OpenRpcDocument {
  return buildOpenRpcDocument(PHOTON_VERSION, loadExecutionApisReference(), namespaces);
}

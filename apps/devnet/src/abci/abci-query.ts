// abci_query as an Ethermint node's baseapp answers it (cosmos-sdk v0.50 baseapp/abci.go Query,
// handleQueryGRPC, CreateQueryContext): height rules, the gRPC routes, the few /app and /p2p paths.
import type { EvmChain } from '../evm';
import { PHOTON_DEVNET_VERSION } from '../version';
import { authQueryRoutes } from './auth-queries';
import { traceQueryRoutes } from '../trace';
import { evmQueryRoutes } from './evm-queries';
import { storeQuery } from './store-queries';
import { type AbciQueryOptions, type GrpcQueryHandler } from './query-context';
import { GoError, grpcErrorToSdkError, QueryErrors, SdkError } from './query-errors';
import { type AbciQueryResponse, emptyResponse, errorResponse, valueResponse } from './query-response';

export interface AbciQueryRequest {
  readonly path: string;
  /** The protobuf request (the RPC's hex `data`, decoded). */
  readonly data: Uint8Array;
  /** 0 = the latest committed height. */
  readonly height: bigint;
  readonly prove: boolean;
}

/** The name abci_info reports, which baseapp also puts in its "not ready" error. */
export const DEVNET_APP_NAME = 'photon-devnet';

const GRPC_ROUTES: Readonly<Record<string, GrpcQueryHandler>> = {
  ...evmQueryRoutes,
  ...traceQueryRoutes,
  ...authQueryRoutes,
};

/** The gRPC paths the devnet answers. */
export const ABCI_QUERY_PATHS: readonly string[] = Object.keys(GRPC_ROUTES);

const BROADCAST_TX_PATH = '/cosmos.tx.v1beta1.Service/BroadcastTx';

/**
 * Answers an abci_query. Never throws: errors come back in the response, with the code, codespace and log an
 * Ethermint node (Cosmos SDK v0.50) writes.
 */
export async function abciQuery(
  evm: EvmChain,
  req: AbciQueryRequest,
  options: AbciQueryOptions,
): Promise<AbciQueryResponse> {
  try {
    // The last committed height stands in for 0 before anything else looks at the height.
    const latest = BigInt(evm.latestHeight);
    const height = req.height === 0n ? latest : req.height;
    if (req.path === BROADCAST_TX_PATH) {
      return errorResponse(new SdkError(QueryErrors.invalidRequest, "can't route a broadcast tx message"));
    }
    const handler = Object.hasOwn(GRPC_ROUTES, req.path) ? GRPC_ROUTES[req.path] : undefined;
    if (handler !== undefined) return await grpcQuery(handler, evm, req, height, latest, options);
    return await pathQuery(evm, req, height, latest, options);
  } catch (error) {
    // baseapp recovers a panicking query as ErrPanic; here anything unexpected is one.
    const detail = error instanceof Error ? error.message : String(error);
    return errorResponse(new SdkError(QueryErrors.panic, detail));
  }
}

/** handleQueryGRPC: the query context's height checks, then the handler; its errors keep the height. */
async function grpcQuery(
  handler: GrpcQueryHandler,
  evm: EvmChain,
  req: AbciQueryRequest,
  height: bigint,
  latest: bigint,
  options: AbciQueryOptions,
): Promise<AbciQueryResponse> {
  if (height < 0n) {
    return errorResponse(
      new SdkError(QueryErrors.invalidRequest, 'cannot query with height < 0; please provide a valid height'),
    );
  }
  if (latest === 0n) {
    const name = options.appName ?? DEVNET_APP_NAME;
    return errorResponse(
      new SdkError(QueryErrors.invalidHeight, `${name} is not ready; please wait for first block`),
    );
  }
  if (height > latest) {
    return errorResponse(
      new SdkError(
        QueryErrors.invalidHeight,
        'cannot query with height in the future; please provide a valid height',
      ),
    );
  }
  if (height <= 1n && req.prove) {
    return errorResponse(
      new SdkError(
        QueryErrors.invalidRequest,
        'cannot query with proof when height <= 1; please provide a valid height',
      ),
    );
  }
  // Every committed height is kept, so loading the state at `height` cannot fail.
  try {
    const value = await handler({ evm, height: Number(height), options }, req.data);
    return valueResponse(value, height);
  } catch (error) {
    if (!(error instanceof GoError)) throw error;
    return errorResponse(grpcErrorToSdkError(error), height);
  }
}

/** The non-gRPC paths: `/app/version`, `/store/{evm,acc}/key`, the `/p2p/filter` hooks; anything else is refused. */
async function pathQuery(
  evm: EvmChain,
  req: AbciQueryRequest,
  height: bigint,
  latest: bigint,
  options: AbciQueryOptions,
): Promise<AbciQueryResponse> {
  // SplitABCIQueryPath: split on "/" and drop the leading empty element.
  const parts = req.path.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length === 0)
    return errorResponse(new SdkError(QueryErrors.unknownRequest, 'no query path provided'));
  switch (parts[0]) {
    case 'app':
      return appQuery(parts, height, options);
    case 'store':
      return storeQuery(evm, { parts, key: req.data, height, prove: req.prove }, latest);
    case 'p2p':
      return p2pQuery(parts);
    default:
      return errorResponse(new SdkError(QueryErrors.unknownRequest, 'unknown query path'));
  }
}

function appQuery(parts: string[], height: bigint, options: AbciQueryOptions): AbciQueryResponse {
  if (parts.length < 2) {
    return errorResponse(
      new SdkError(
        QueryErrors.unknownRequest,
        "expected second parameter to be either 'simulate' or 'version', neither was present",
      ),
    );
  }
  switch (parts[1]) {
    case 'version':
      return valueResponse(Buffer.from(options.appVersion ?? PHOTON_DEVNET_VERSION, 'utf8'), height, 'sdk');
    case 'simulate':
      return errorResponse(
        new SdkError(
          QueryErrors.notSupported,
          'failed to simulate tx',
          'the devnet runs Ethereum txs only and does not simulate Cosmos txs',
        ),
      );
    default:
      // Go's %s of a []string.
      return errorResponse(new SdkError(QueryErrors.unknownRequest, `unknown query: [${parts.join(' ')}]`));
  }
}

function p2pQuery(parts: string[]): AbciQueryResponse {
  if (parts.length < 4) {
    return errorResponse(
      new SdkError(QueryErrors.unknownRequest, 'path should be p2p filter <addr|id> <parameter>'),
    );
  }
  if (parts[1] !== 'filter') {
    return errorResponse(
      new SdkError(QueryErrors.unknownRequest, "expected second parameter to be 'filter'"),
    );
  }
  // No peer filter is set, so every peer is accepted.
  return emptyResponse();
}

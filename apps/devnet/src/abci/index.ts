// Front door of the devnet's abci_query: Ethermint's x/evm, x/feemarket and auth gRPC queries answered as
// an Ethermint node (Cosmos SDK v0.50 baseapp) answers them, in CometBFT's JSON form.
export { abciQuery, ABCI_QUERY_PATHS, DEVNET_APP_NAME, type AbciQueryRequest } from './abci-query';
export { type AbciQueryOptions } from './query-context';
export { type AbciQueryResponse } from './query-response';
export { QueryErrors } from './query-errors';

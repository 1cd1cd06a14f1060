// The engine clients a service shares, wired once: one HTTP client (one call timeout) under the Ethermint
// queries, the chain reader and the pending pool. Written as factory providers in the shape Nest's
// `FactoryProvider` takes, with no import of Nest: this lib stays free of the framework.
import { CometHttpClient } from './http/comet-http-client';
import type { EnginePost } from './http/json-rpc-transport';
import { EvmQueryClient } from './evm/evm-query-client';
import { StoreProofClient } from './evm/store-proof-client';
import { EthereumChainReader } from './reader/ethereum-chain-reader';
import { type AcceptedTxRecords, PendingPool } from './reader/pending-pool';

export interface EngineProvidersOptions {
  /** The CometBFT RPC the clients talk to. */
  readonly engineUrl: string | URL;
  /** Engine calls answer within this or fail: each service picks it inside its own method timeouts. */
  readonly timeoutMs: number;
  /** The txs the tier accepted, merged into pending answers past CometBFT's 100. */
  readonly accepted: AcceptedTxRecords;
  /** Most reads sent as one JSON-RPC batch (JsonRpcTransportOptions.maxBatch); absent: each alone. */
  readonly maxBatch?: number | undefined;
  /** The node's frames in memory instead of HTTP (`photon start`'s own devnet); absent: HTTP to `engineUrl`. */
  readonly post?: EnginePost | undefined;
}

/** One instance of each client per service (per dependency-injection container), built from `options`. */
export function engineProviders(options: EngineProvidersOptions) {
  return [
    {
      provide: CometHttpClient,
      useFactory: () =>
        new CometHttpClient(options.engineUrl, {
          timeoutMs: options.timeoutMs,
          maxBatch: options.maxBatch,
          post: options.post,
        }),
    },
    {
      provide: EvmQueryClient,
      inject: [CometHttpClient],
      useFactory: (comet: CometHttpClient) => new EvmQueryClient(comet),
    },
    {
      provide: StoreProofClient,
      inject: [CometHttpClient],
      useFactory: (comet: CometHttpClient) => new StoreProofClient(comet),
    },
    {
      provide: EthereumChainReader,
      inject: [CometHttpClient, EvmQueryClient],
      useFactory: (comet: CometHttpClient, evm: EvmQueryClient) => new EthereumChainReader(comet, evm),
    },
    {
      provide: PendingPool,
      inject: [CometHttpClient, EvmQueryClient],
      useFactory: (comet: CometHttpClient, evm: EvmQueryClient) =>
        new PendingPool(comet, evm, options.accepted),
    },
  ];
}

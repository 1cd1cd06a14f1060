// The engine-client instances the tx service shares, built once from its engine URL.
import type { Provider } from '@nestjs/common';
import { CometHttpClient, EthereumChainReader, EvmQueryClient, PendingPool } from '@photon/engine-client';
import { TX_OPTIONS, type TxOptions } from '../tx-options';

/** Engine calls answer within this or fail, well inside the submit timeout of the method. */
export const ENGINE_CALL_TIMEOUT_MS = 10_000;

export const ENGINE_PROVIDERS: Provider[] = [
  {
    provide: CometHttpClient,
    inject: [TX_OPTIONS],
    useFactory: (options: TxOptions) =>
      new CometHttpClient(options.engineUrl, { timeoutMs: ENGINE_CALL_TIMEOUT_MS }),
  },
  {
    provide: EvmQueryClient,
    inject: [CometHttpClient],
    useFactory: (comet: CometHttpClient) => new EvmQueryClient(comet),
  },
  {
    provide: EthereumChainReader,
    inject: [CometHttpClient, EvmQueryClient],
    useFactory: (comet: CometHttpClient, evm: EvmQueryClient) => new EthereumChainReader(comet, evm),
  },
  {
    provide: PendingPool,
    inject: [CometHttpClient, EvmQueryClient, TX_OPTIONS],
    useFactory: (comet: CometHttpClient, evm: EvmQueryClient, options: TxOptions) =>
      new PendingPool(comet, evm, options.accepted),
  },
];

// The engine-client instances the query handlers share, built once per service from its engine URL, with
// the head and the answers kept at committed heights that every read goes through.
import { CometHttpClient, EthereumChainReader, EvmQueryClient, PendingPool } from '@photon/engine-client';
import type { Provider } from '@nestjs/common';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';
import { FinalAnswers } from '../cache/final-answers';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from './chain-head';

/** Engine calls answer within this or fail, so a dead engine gives an error well inside the method timeout. */
export const ENGINE_CALL_TIMEOUT_MS = 5_000;

export const ENGINE_PROVIDERS: Provider[] = [
  {
    provide: CometHttpClient,
    inject: [QUERY_OPTIONS],
    useFactory: (options: QueryOptions) =>
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
    inject: [CometHttpClient, EvmQueryClient, QUERY_OPTIONS],
    useFactory: (comet: CometHttpClient, evm: EvmQueryClient, options: QueryOptions) =>
      new PendingPool(comet, evm, options.accepted),
  },
  ChainHead,
  BlockResolver,
  {
    provide: FinalAnswers,
    inject: [QUERY_OPTIONS],
    useFactory: (options: QueryOptions) => new FinalAnswers(options.finalAnswersBytes),
  },
];

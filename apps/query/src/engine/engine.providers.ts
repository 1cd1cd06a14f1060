// The engine clients the query handlers share (built once per service from its engine URL, by
// @photon/engine-client), with the head and the answers kept at committed heights that every read goes through.
import type { Provider } from '@nestjs/common';
import { engineProviders } from '@photon/engine-client';
import { type QueryOptions } from '../query-options';
import { FinalAnswers } from '../cache/final-answers';
import { BlockResolver } from '../chain/block-resolver';
import { ChainHead } from './chain-head';

/** Engine calls answer within this or fail, so a dead engine gives an error well inside the method timeout. */
export const ENGINE_CALL_TIMEOUT_MS = 5_000;

export function queryEngineProviders(options: QueryOptions): Provider[] {
  const { engineUrl, accepted, engineBatch, enginePost } = options;
  return [
    ...engineProviders({
      engineUrl,
      accepted,
      timeoutMs: ENGINE_CALL_TIMEOUT_MS,
      maxBatch: engineBatch,
      post: enginePost,
    }),
    ChainHead,
    BlockResolver,
    { provide: FinalAnswers, useFactory: () => new FinalAnswers(options.finalAnswersBytes) },
  ];
}

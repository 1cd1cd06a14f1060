// What the query service needs from its config, as a Nest token.
import type { ChainId } from '@photon/config';

export interface QueryOptions {
  readonly chainId: ChainId;
  /** CometBFT RPC of the engine (a real node or the devnet). */
  readonly engineUrl: URL;
}

export const QUERY_OPTIONS = Symbol('QUERY_OPTIONS');

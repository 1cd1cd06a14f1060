// The engine connection traces run on: own sockets, with a deadline past the longest trace a client may ask
// for within the gateway's 30 s `scan` class, so a slow trace never holds the sockets eth_call uses.
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CometHttpClient, EvmQueryClient } from '@photon/engine-client';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';

/** Below the gateway's 30 s `scan` class. */
export const TRACE_CALL_TIMEOUT_MS = 28_000;

@Injectable()
export class TraceEngine implements OnApplicationShutdown {
  readonly evm: EvmQueryClient;
  private readonly comet: CometHttpClient;

  constructor(@Inject(QUERY_OPTIONS) options: QueryOptions) {
    this.comet = new CometHttpClient(options.engineUrl, {
      timeoutMs: TRACE_CALL_TIMEOUT_MS,
      post: options.enginePost,
    });
    this.evm = new EvmQueryClient(this.comet);
  }

  onApplicationShutdown(): void {
    this.comet.close();
  }
}

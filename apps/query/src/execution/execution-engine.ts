// The engine connection eth_call and eth_estimateGas run on: own sockets, a deadline past the engine's 5 s
// EVM timeout, so an aborted call answers in the engine's words (`execution aborted`), not as a timeout.
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CometHttpClient, EvmQueryClient } from '@photon/engine-client';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';

/** Above the engine's EVM timeout (5 s, LIMITS.md), below the gateway's 15 s `execute` class. */
export const EXECUTION_CALL_TIMEOUT_MS = 12_000;

@Injectable()
export class ExecutionEngine implements OnApplicationShutdown {
  readonly evm: EvmQueryClient;
  private readonly comet: CometHttpClient;

  constructor(@Inject(QUERY_OPTIONS) options: QueryOptions) {
    this.comet = new CometHttpClient(options.engineUrl, {
      timeoutMs: EXECUTION_CALL_TIMEOUT_MS,
      maxBatch: options.engineBatch,
      post: options.enginePost,
    });
    this.evm = new EvmQueryClient(this.comet);
  }

  onApplicationShutdown(): void {
    this.comet.close();
  }
}

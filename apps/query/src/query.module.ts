// The query service: every read of the interface. Its handlers run unchanged in-process
// (`photon start`) or behind the NATS bus (`photon query`).
import { type DynamicModule, Module } from '@nestjs/common';
import { DEBUG_PROVIDERS } from './debug/debug.providers';
import { queryEngineProviders } from './engine/engine.providers';
import { BLOCK_READ_PROVIDERS } from './eth/block-reads.providers';
import { ChainIdentityHandlers } from './eth/chain-identity.handlers';
import { STATE_READ_PROVIDERS } from './eth/state-reads.providers';
import { NetHandlers } from './net/net.handlers';
import { QUERY_OPTIONS, type QueryOptions } from './query-options';
import { Web3Handlers } from './web3/web3.handlers';

@Module({})
export class QueryModule {
  static register(options: QueryOptions): DynamicModule {
    return {
      module: QueryModule,
      providers: [
        { provide: QUERY_OPTIONS, useValue: options },
        ...queryEngineProviders(options),
        Web3Handlers,
        NetHandlers,
        ChainIdentityHandlers,
        ...BLOCK_READ_PROVIDERS,
        ...STATE_READ_PROVIDERS,
        ...DEBUG_PROVIDERS,
      ],
    };
  }
}

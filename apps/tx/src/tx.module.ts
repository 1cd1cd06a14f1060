// The tx service: transaction submission. Its handlers run unchanged in-process (`photon start`) or
// behind the NATS bus (`photon tx`); it signs nothing itself and holds no key.
import { type DynamicModule, Module } from '@nestjs/common';
import { engineProviders } from '@photon/engine-client';
import { EngineLifecycle } from './engine/engine-lifecycle';
import { SendHandlers } from './eth/send.handlers';
import { FaucetHandlers } from './faucet/faucet.handlers';
import { FaucetUseCase } from './faucet/faucet.usecase';
import { PersonalHandlers } from './personal/personal.handlers';
import { ResendUseCase } from './resend/resend.usecase';
import { SendRawTransactionUseCase } from './send-raw-transaction/send-raw-transaction.usecase';
import { MinedTxWatch } from './send-raw-transaction-sync/mined-tx-watch';
import { SendRawTransactionSyncUseCase } from './send-raw-transaction-sync/send-raw-transaction-sync.usecase';
import { ChainDefaultsService } from './send-transaction/chain-defaults.service';
import { SendTransactionUseCase } from './send-transaction/send-transaction.usecase';
import { TxJournalStats } from './rebroadcast/tx-journal-stats';
import { TxRebroadcaster } from './rebroadcast/tx-rebroadcaster';
import { TxSubmitter } from './submission/tx-submitter';
import { TX_OPTIONS, type TxOptions } from './tx-options';

/** Engine calls answer within this or fail, well inside the submit timeout of the method. */
const ENGINE_CALL_TIMEOUT_MS = 10_000;

@Module({})
export class TxModule {
  static register(options: TxOptions): DynamicModule {
    return {
      module: TxModule,
      providers: [
        { provide: TX_OPTIONS, useValue: options },
        ...engineProviders({
          engineUrl: options.engineUrl,
          accepted: options.accepted,
          timeoutMs: ENGINE_CALL_TIMEOUT_MS,
        }),
        EngineLifecycle,
        TxSubmitter,
        SendRawTransactionUseCase,
        MinedTxWatch,
        SendRawTransactionSyncUseCase,
        ChainDefaultsService,
        SendTransactionUseCase,
        ResendUseCase,
        FaucetUseCase,
        SendHandlers,
        PersonalHandlers,
        FaucetHandlers,
        TxJournalStats,
        TxRebroadcaster,
      ],
    };
  }
}

// The keystore service: encrypted key files, unlock sessions and signing. Its handlers run
// unchanged in-process (`photon start`, sessions in memory) or behind NATS (`photon keystore`,
// sessions in Redis). It never broadcasts: the tx service asks it to sign over the bus.
import { type DynamicModule, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { UnlockBackoff, UnlockSessionStore } from '@photon/store';
import { KeyStore } from './accounts/key-store.service';
import { PassphraseChecks } from './accounts/passphrase-checks.service';
import { UnlockedAccountPolicy } from './accounts/unlocked-account-policy';
import { Unlocks } from './accounts/unlocks.service';
import { AccountsHandlers } from './eth/accounts.handlers';
import { InternalHandlers } from './internal/internal.handlers';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from './keystore-options';
import { PersonalHandlers } from './personal/personal.handlers';
import { UnlockedTransactionSigner } from './signing/unlocked-transaction-signer';
import { DevAccountsAtStart } from './startup/dev-accounts-at-start';
import { UnlockAtStart } from './startup/unlock-at-start';

/** Stops the session store's background work when the application closes. */
@Injectable()
class SessionStoreLifecycle implements OnApplicationShutdown {
  constructor(@Inject(UnlockSessionStore) private readonly sessions: UnlockSessionStore) {}

  onApplicationShutdown(): Promise<void> {
    return this.sessions.close();
  }
}

@Module({})
export class KeystoreModule {
  static register(options: KeystoreOptions): DynamicModule {
    return {
      module: KeystoreModule,
      providers: [
        { provide: KEYSTORE_OPTIONS, useValue: options },
        { provide: UnlockSessionStore, useValue: options.sessions },
        { provide: UnlockBackoff, useValue: options.backoff },
        SessionStoreLifecycle,
        KeyStore,
        PassphraseChecks,
        Unlocks,
        UnlockedAccountPolicy,
        PersonalHandlers,
        UnlockedTransactionSigner,
        AccountsHandlers,
        InternalHandlers,
        DevAccountsAtStart,
        UnlockAtStart,
      ],
    };
  }
}

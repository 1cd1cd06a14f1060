import 'reflect-metadata';

export { KeystoreModule } from './keystore.module';
export type { KeystoreOptions } from './keystore-options';
export { readKekFile } from './startup/kek-file';
export { defaultKeystoreDir } from './startup/keystore-dir';
export type { SignTransactionResult, SignedTransactionJson } from './signing/transaction-signing';

import 'reflect-metadata';

export { TxModule } from './tx.module';
export type { FaucetSettings, JournalSettings, TxOptions } from './tx-options';
export { TxJournalStats } from './rebroadcast/tx-journal-stats';
export { TxRebroadcaster } from './rebroadcast/tx-rebroadcaster';
export type { DropReason, TxJournalReading } from './rebroadcast/tx-journal-stats';

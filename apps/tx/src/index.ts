import 'reflect-metadata';

export { TxModule } from './tx.module';
export type { FaucetSettings, TxOptions } from './tx-options';

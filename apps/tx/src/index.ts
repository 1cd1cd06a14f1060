import 'reflect-metadata';

export { TxModule } from './tx.module';
export type { TxOptions } from './tx-options';

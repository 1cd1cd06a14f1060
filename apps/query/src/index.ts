import 'reflect-metadata';

export { QueryModule } from './query.module';
export type { QueryOptions } from './query-options';

import 'reflect-metadata';

export { EventsModule } from './events.module';
export type { EventsOptions } from './events-options';
export { EventsStats, type EventsSnapshot } from './events-stats';

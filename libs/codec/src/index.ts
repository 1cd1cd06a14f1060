import 'reflect-metadata';

export * from './errors';
export * from './envelope';
export * from './primitives';
export * from './params';
export * from './results';

export * from './rpc-errors';
export { toErrorObject } from './to-error-object';
export type { InternalErrorLogger } from './to-error-object';

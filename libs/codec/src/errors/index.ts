export * from './rpc-errors';
export { logInternalTo, toErrorObject } from './to-error-object';
export type { ErrorSink, InternalErrorLogger } from './to-error-object';
export { rejectedWith } from './rejected-with';

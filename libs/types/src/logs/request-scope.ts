// The request a piece of work serves, carried by the async context rather than by every signature:
// the gateway enters it when it takes a request, a service when a bus message brings its id, and the
// logger stamps every line written inside it, whichever class writes it.
import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<string>();

/** Runs `work` as part of request `requestId` (as it is when the id is undefined). */
export function inRequest<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : scope.run(requestId, work);
}

/** The id of the request the current work serves, if any. */
export const currentRequestId = (): string | undefined => scope.getStore();

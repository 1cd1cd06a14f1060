// Milliseconds the gateway waits for a service, per timeout class of the method table.
// Classes stay under geth's 30 s HTTP write timeout so a client always gets a JSON-RPC answer.
import type { TimeoutClass } from './method-table/method-row';

export const TIMEOUT_MS: Readonly<Record<TimeoutClass, number>> = {
  instant: 2_000,
  read: 10_000,
  execute: 15_000,
  scan: 28_000,
  submit: 28_000,
};

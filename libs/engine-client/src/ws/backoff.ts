// Reconnect delays: exponential from `initialMs` to `maxMs`, with ±20 % jitter so replicas that lost the same
// engine do not reconnect in lockstep.

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0–1, default Math.random. */
  random?: () => number;
}

/** The delay before reconnect attempt `attempt` (1-based). */
export function backoffDelay(attempt: number, opts: BackoffOptions): number {
  const base = Math.min(opts.maxMs, opts.initialMs * 2 ** Math.min(attempt - 1, 30));
  const jitter = 0.8 + 0.4 * (opts.random ?? Math.random)();
  return Math.round(Math.min(opts.maxMs, base * jitter));
}

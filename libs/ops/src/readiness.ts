// Readiness of a service process: named checks (the bus, the store, the engine) run together, each bounded
// by a timeout, and the draining state; the report says which check failed. The gateway reports its own
// way (its services answering on the bus) through the same ReadinessReport.
import type { Draining } from './draining';
import { within } from './within';

/** True when what it checks answers; a rejection or a timeout counts as false. */
export type Check = () => Promise<boolean>;

export interface ReadinessReport {
  readonly ready: boolean;
  /** The JSON body of /readyz: its status and what was checked. */
  readonly body: Readonly<Record<string, unknown>>;
}

export type ReadinessSource = () => Promise<ReadinessReport>;

export type ReadinessStatus = 'ready' | 'unavailable' | 'draining';

/** The status a report gives: draining wins over everything, then any failed check. */
export function readinessStatus(draining: boolean, allPassed: boolean): ReadinessStatus {
  if (draining) return 'draining';
  return allPassed ? 'ready' : 'unavailable';
}

const CHECK_TIMEOUT_MS = 1_000;

export class Readiness {
  constructor(
    private readonly checks: Readonly<Record<string, Check>>,
    private readonly draining: Draining,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  async report(): Promise<ReadinessReport> {
    const names = Object.keys(this.checks);
    const passed = await Promise.all(
      names.map((name) => within(this.checks[name]!(), this.timeoutMs, name).catch(() => false)),
    );
    const status = readinessStatus(this.draining.active, passed.every(Boolean));
    return {
      ready: status === 'ready',
      body: { status, checks: Object.fromEntries(names.map((name, i) => [name, passed[i]])) },
    };
  }
}

/**
 * `check`, asked at most once per `ttlMs`: probes from several load balancers and Kubernetes share one
 * answer, so they do not hammer what is checked (the engine). Callers asking meanwhile share its answer.
 */
export function cachedCheck(check: Check, ttlMs = 1_000, now: () => number = Date.now): Check {
  let last: { atMs: number; answer: Promise<boolean> } | undefined;
  return () => {
    const nowMs = now();
    if (last !== undefined && nowMs - last.atMs < ttlMs) return last.answer;
    const answer = check().catch(() => false);
    last = { atMs: nowMs, answer };
    return answer;
  };
}

// The rate-limit counter of `photon start` (and of a gateway whose Redis is down, when so configured):
// a map of windows in this process, swept of ended windows as it goes so idle clients cost nothing.
import { RateLimitCounter, type RateLimitTake } from './rate-limit-counter';

interface Window {
  used: number;
  readonly endsAt: number;
}

/** Ended windows are dropped at most this often (and only when a take runs). */
const SWEEP_EVERY_MS = 10_000;

export class MemoryRateLimitCounter extends RateLimitCounter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  take(bucket: string, cost: number, limit: number, windowMs: number): Promise<RateLimitTake> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(bucket);
    if (window === undefined || window.endsAt <= now) {
      window = { used: 0, endsAt: now + windowMs };
      this.windows.set(bucket, window);
    }
    const allowed = window.used + cost <= limit;
    if (allowed) window.used += cost;
    return Promise.resolve({ allowed, used: window.used, resetMs: window.endsAt - now });
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [bucket, window] of this.windows) if (window.endsAt <= now) this.windows.delete(bucket);
  }
}

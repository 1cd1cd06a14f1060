// How late heads reached their subscribers: for every head announced at a moment, the delay of each
// subscriber that got it, the delay of the last one, and the deliveries that never came.
import { percentile } from './stats';

export interface FanoutDelays {
  /** Every delivery's delay, ms. */
  p50: number;
  p99: number;
  /** The median over heads of the last subscriber's delay, ms. */
  last: number;
  /** Deliveries that never arrived (subscribers × heads − received). */
  missing: number;
}

/** `announced` is [height, ms] per head; `received` the ms each subscriber got each height. */
export function fanoutDelays(
  announced: Iterable<readonly [number, number]>,
  received: ReadonlyMap<number, readonly number[]>,
  subscribers: number,
): FanoutDelays {
  const delays: number[] = [];
  const lasts: number[] = [];
  let missing = 0;
  for (const [height, at] of announced) {
    const times = received.get(height) ?? [];
    missing += subscribers - times.length;
    for (const t of times) delays.push(t - at);
    if (times.length > 0) lasts.push(Math.max(...times) - at);
  }
  delays.sort((a, b) => a - b);
  lasts.sort((a, b) => a - b);
  return { p50: percentile(delays, 50), p99: percentile(delays, 99), last: percentile(lasts, 50), missing };
}

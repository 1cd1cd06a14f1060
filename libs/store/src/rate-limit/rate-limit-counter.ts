// The contract of the rate-limit counter: one count per bucket (a client address or an API key) in a
// fixed window that starts at the bucket's first counted call. A take that would pass the limit is
// refused and counts nothing, so a refused client still gets what fits once it asks for less.

export interface RateLimitTake {
  /** True when the cost fit under the limit and was counted. */
  readonly allowed: boolean;
  /** Units counted in the bucket's window, this take included when allowed. */
  readonly used: number;
  /** Milliseconds until the bucket's window ends and its count starts over. */
  readonly resetMs: number;
}

export abstract class RateLimitCounter {
  /** Adds `cost` to `bucket` if the window's count stays within `limit`; one store round trip. */
  abstract take(bucket: string, cost: number, limit: number, windowMs: number): Promise<RateLimitTake>;
}

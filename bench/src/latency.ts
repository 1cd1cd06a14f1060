// A fixed-bucket latency histogram at 10 µs resolution: autocannon's own histogram rounds to whole
// milliseconds, too coarse for sub-millisecond loopback latencies.

const RESOLUTION_MS = 0.01;
const MAX_MS = 10_000;

export class LatencyHistogram {
  private readonly counts = new Uint32Array(Math.ceil(MAX_MS / RESOLUTION_MS) + 1);
  private total = 0;

  record(ms: number): void {
    const bucket = Math.min(Math.floor(ms / RESOLUTION_MS), this.counts.length - 1);
    this.counts[bucket] = (this.counts[bucket] ?? 0) + 1;
    this.total++;
  }

  get count(): number {
    return this.total;
  }

  /** Upper bound (ms) of the bucket holding the `p`-th percentile, or 0 when empty. */
  percentile(p: number): number {
    if (this.total === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i] ?? 0;
      if (seen >= rank) return (i + 1) * RESOLUTION_MS;
    }
    return MAX_MS;
  }
}

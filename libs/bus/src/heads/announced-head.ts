// The chain head as the tier announces it on the bus (`chain.height`, the head stream, heights a service
// read itself), and for how long it may be trusted as `latest` without asking the engine: three of the
// chain's block intervals (the shortest of the last few, so a pause does not stretch it), between one and
// ten seconds. Past that, nothing is announcing (no events service, the engine down) and a reader asks the
// engine, so reads fail fast on a dead engine instead of serving an old head.

const FRESH_MIN_MS = 1_000;
const FRESH_MAX_MS = 10_000;
const FRESH_INTERVALS = 3;
const INTERVALS_KEPT = 4;
/** Intervals seen before the pace is believed (a young chain may have paused). */
const PACE_INTERVALS = 3;

export class AnnouncedHead {
  private known: { height: bigint; atMs: number; freshMs: number } | undefined;
  private readonly intervals: number[] = [];

  /** An announced head (a block the engine committed now): learns the pace; whether the head moved. */
  announce(height: bigint, nowMs = Date.now()): boolean {
    const previous = this.known;
    if (previous !== undefined && height <= previous.height) return false;
    if (previous !== undefined) {
      this.intervals.push((nowMs - previous.atMs) / Number(height - previous.height));
      if (this.intervals.length > INTERVALS_KEPT) this.intervals.shift();
    }
    const interval = this.intervals.length < PACE_INTERVALS ? 0 : Math.min(...this.intervals);
    const freshMs = Math.min(FRESH_MAX_MS, Math.max(FRESH_MIN_MS, FRESH_INTERVALS * interval));
    this.known = { height, atMs: nowMs, freshMs };
    return true;
  }

  /**
   * A height seen committed some other way (a receipt's block, the engine's own status): the head is no
   * lower, but when it was committed is unknown, so the pace is left as it was. Whether the head moved.
   */
  raise(height: bigint, nowMs = Date.now()): boolean {
    if (this.known !== undefined && height <= this.known.height) return false;
    this.known = { height, atMs: nowMs, freshMs: this.known?.freshMs ?? FRESH_MIN_MS };
    return true;
  }

  /** The highest head known and when it was learnt (epoch ms), trusted or not: for metrics. */
  seen(): { readonly height: bigint; readonly atMs: number } | undefined {
    return this.known === undefined ? undefined : { height: this.known.height, atMs: this.known.atMs };
  }

  /** The head while it may be trusted as `latest`, else undefined (ask the engine). */
  trusted(nowMs = Date.now()): bigint | undefined {
    const known = this.known;
    return known !== undefined && nowMs - known.atMs < known.freshMs ? known.height : undefined;
  }
}

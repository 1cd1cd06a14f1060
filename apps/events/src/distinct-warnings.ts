// One warning per distinct problem of a loop that retries on every wake: an engine or a store down for
// minutes must not fill the log with the same line, and a new reason (or the same one after a recovery)
// is worth a line again. A recovery after a warning is worth a line too: a log that says a loop paused
// and never that it resumed leaves the reader thinking it is still down.

export class DistinctWarnings {
  private last: string | undefined;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly prefix: string,
    /** Told, once per recovery after a warning, the reason of the last warning. */
    private readonly resumed?: (lastReason: string) => void,
  ) {}

  /** Warns about `error` unless it is the same reason as the last warning since the last recovery. */
  problem(error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason === this.last) return;
    this.last = reason;
    this.warn(`${this.prefix}${reason}`);
  }

  /** The loop worked again: the next problem is warned about even if it repeats the last one. */
  cleared(): void {
    const last = this.last;
    this.last = undefined;
    if (last !== undefined) this.resumed?.(last);
  }
}

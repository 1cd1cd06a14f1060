// One warning per distinct problem of a loop that retries on every wake: an engine or a store down for
// minutes must not fill the log with the same line, and a new reason (or the same one after a recovery)
// is worth a line again.

export class DistinctWarnings {
  private last: string | undefined;

  constructor(
    private readonly warn: (line: string) => void,
    private readonly prefix: string,
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
    this.last = undefined;
  }
}

// Work done in rounds, one at a time: a round asked for while one runs is run once right after it, however
// often it was asked, so events that come in bursts (blocks, announcements) cost one extra round, not many.

export class SerialRounds {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly round: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs a round now, or right after the one in progress. */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch((error: unknown) => this.onError(error))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** From inside a round: one more round follows it (the work did not fit in this one). */
  runAgain(): void {
    this.again = true;
  }

  /** No round starts any more; resolves once the one in progress has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.again = false;
    await this.running;
  }
}

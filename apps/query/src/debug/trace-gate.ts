// The cap on traces in flight: a trace replays transactions on the engine (and may log every opcode), so a
// replica runs at most `limit` at once; as many more wait their turn, and past that a call is refused at once
// rather than queued behind work the gateway would time out anyway.
import { LimitExceededError } from '@photon/codec';

export class TraceGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.limit) {
        throw new LimitExceededError(`too many traces in flight (--max-traces-in-flight ${this.limit})`);
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes to the next waiter as is; only with none waiting is it freed.
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }

  /** Traces running now (for tests and metrics). */
  get inFlight(): number {
    return this.running;
  }
}

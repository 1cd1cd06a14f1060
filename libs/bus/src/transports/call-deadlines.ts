// The deadlines of bus calls: one timer per timeout length, not one per call. A call's own timer (set when
// it began, cleared microseconds later when it was answered) made and dropped node's timer list of its length
// each time calls ran one at a time: with no timer at all, `photon start` served web3_clientVersion at
// 37.4k instead of 33.8k req/s and 27 instead of 30 µs of CPU a request (one invocation, 6 rounds). Calls
// given the same timeout reach their deadlines in the order they began, so each length keeps its calls in
// that order behind one timer set for the oldest one still waiting; a call that ends only marks itself.
import { ResourceUnavailableError } from '@photon/codec';

/** A call's deadline: `cancel` it once the call is over (a second cancel does nothing). */
export interface CallDeadline {
  cancel(): void;
}

/** The longest delay a node timer takes (a longer one would fire at once). */
const TIMER_MAX_MS = 2 ** 31 - 1;
/** Ended calls a line drops from the front of its queue before it copies the rest down. */
const COMPACT_AFTER = 1_024;

export class CallDeadlines {
  private readonly lines = new Map<number, DeadlineLine>();

  /** Runs `expire` once `ms` have passed, unless the deadline is cancelled first. */
  start(ms: number, expire: () => void): CallDeadline {
    let line = this.lines.get(ms);
    if (line === undefined) {
      line = new DeadlineLine(ms, () => this.lines.delete(ms));
      this.lines.set(ms, line);
    }
    return line.add(expire);
  }

  /** `work`'s outcome, or -32002 "request timed out" when it has not settled within `ms`. */
  bound<T>(work: Promise<T>, ms: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const deadline = this.start(ms, () => reject(new ResourceUnavailableError('request timed out')));
      work.then(
        (value) => {
          deadline.cancel();
          resolve(value);
        },
        // What the work rejected with, passed on as it is: typed Error for the lint only.
        (error: Error) => {
          deadline.cancel();
          reject(error);
        },
      );
    });
  }

  /** How many calls are waiting for their deadline (ended ones not counted). */
  get waiting(): number {
    let count = 0;
    for (const line of this.lines.values()) count += line.live;
    return count;
  }

  /**
   * How many entries the lines hold: the waiting calls, and calls that ended while an older one of their
   * line still waits (dropped once it ends or expires, so they are bounded by that call's timeout).
   */
  get held(): number {
    let count = 0;
    for (const line of this.lines.values()) count += line.held;
    return count;
  }

  /** Stops every timer; the calls still waiting never expire. For a transport that is shutting down. */
  close(): void {
    for (const line of this.lines.values()) line.close();
    this.lines.clear();
  }
}

class Waiting implements CallDeadline {
  constructor(
    private readonly line: DeadlineLine,
    readonly at: number,
    public expire: (() => void) | undefined,
  ) {}

  cancel(): void {
    if (this.expire === undefined) return;
    this.expire = undefined;
    this.line.ended();
  }
}

/** The calls of one timeout length, oldest first, and the timer of the oldest still waiting. */
class DeadlineLine {
  private queue: Waiting[] = [];
  /** Where the queue begins: entries before it have ended and are dropped. */
  private first = 0;
  /** Entries not ended; the timer keeps the process alive only while there are some. */
  live = 0;
  private timer: NodeJS.Timeout | undefined;
  /** While expiring calls: a call added by one of them is armed for once the others are done. */
  private firing = false;

  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}

  add(expire: () => void): CallDeadline {
    const entry = new Waiting(this, performance.now() + this.ms, expire);
    this.queue.push(entry);
    this.live++;
    if (this.timer !== undefined) {
      if (this.live === 1) this.timer.ref();
    } else if (!this.firing) this.arm(this.ms);
    return entry;
  }

  /** One of this line's calls ended before its deadline. */
  ended(): void {
    this.live--;
    this.dropEnded();
    // The timer stays set for when it would have fired (setting one per call is what this avoids), but a
    // line with nobody waiting must not keep the process alive.
    if (this.live === 0) this.timer?.unref();
  }

  get held(): number {
    return this.queue.length - this.first;
  }

  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    // A call that ends after this must not count itself out of a line that no longer counts it.
    for (let i = this.first; i < this.queue.length; i++) this.queue[i]!.expire = undefined;
    this.queue = [];
    this.first = 0;
    this.live = 0;
  }

  private arm(delayMs: number): void {
    this.timer = setTimeout(() => this.fire(), Math.min(Math.max(1, Math.ceil(delayMs)), TIMER_MAX_MS));
  }

  private fire(): void {
    this.timer = undefined;
    this.firing = true;
    const now = performance.now();
    while (this.first < this.queue.length) {
      const entry = this.queue[this.first]!;
      if (entry.expire !== undefined && entry.at > now) break;
      this.first++;
      const expire = entry.expire;
      if (expire === undefined) continue;
      entry.expire = undefined;
      this.live--;
      try {
        expire();
      } catch {
        // One call's expiry failing must not leave the calls behind it without a timer.
      }
    }
    this.firing = false;
    this.dropEnded();
    const oldest = this.queue[this.first];
    if (oldest === undefined) this.onIdle();
    else this.arm(oldest.at - now);
  }

  private dropEnded(): void {
    while (this.first < this.queue.length && this.queue[this.first]!.expire === undefined) this.first++;
    if (this.first === this.queue.length) {
      this.queue.length = 0;
      this.first = 0;
    } else if (this.first > COMPACT_AFTER && this.first * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.first);
      this.first = 0;
    }
  }
}

// The head stream of `photon start`: one process, so following is a listener list; heights at or below
// the last appended one are dropped, which keeps the stream in order and free of repeats.
import { type HeadEvent, type HeadListener, HeadStream } from './head-stream';

export class InProcessHeadStream extends HeadStream {
  private readonly listeners = new Set<HeadListener>();
  private last: bigint | undefined;

  append(event: HeadEvent): Promise<void> {
    const height = BigInt(event.height);
    if (this.last !== undefined && height <= this.last) return Promise.resolve();
    this.last = height;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A follower's failure is its own; the others still get the head.
      }
    }
    return Promise.resolve();
  }

  follow(listener: HeadListener): Promise<() => void> {
    this.listeners.add(listener);
    return Promise.resolve(() => void this.listeners.delete(listener));
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

// The pending feed of `photon start`: the last hashes in memory with their sequence numbers; a hash
// still held is not appended again.
import { type PendingPage, PendingFeed } from './pending-feed';

/** Hashes kept for readers (pending filters poll every few seconds; this is minutes of a busy pool). */
const KEPT = 10_000;

export class InProcessPendingFeed extends PendingFeed {
  private readonly entries: { seq: number; hash: string }[] = [];
  private readonly held = new Set<string>();
  private readonly listeners = new Set<(hash: string) => void>();
  private seq = 0;

  append(hash: string): Promise<void> {
    const key = hash.toLowerCase();
    if (this.held.has(key)) return Promise.resolve();
    this.entries.push({ seq: ++this.seq, hash: key });
    this.held.add(key);
    if (this.entries.length > KEPT) this.held.delete(this.entries.shift()!.hash);
    for (const listener of this.listeners) {
      try {
        listener(key);
      } catch {
        // A follower's failure is its own.
      }
    }
    return Promise.resolve();
  }

  follow(listener: (hash: string) => void): Promise<() => void> {
    this.listeners.add(listener);
    return Promise.resolve(() => void this.listeners.delete(listener));
  }

  position(): Promise<string> {
    return Promise.resolve(String(this.seq));
  }

  readAfter(position: string, limit: number): Promise<PendingPage> {
    const after = Number(position);
    const page = this.entries.filter((entry) => entry.seq > after).slice(0, limit);
    return Promise.resolve({
      hashes: page.map((entry) => entry.hash),
      position: page.length === 0 ? position : String(page.at(-1)!.seq),
    });
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}

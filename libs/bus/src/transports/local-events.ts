// Bus events within one process: listeners by subject, each called on a later microtask so a
// publisher never runs (or fails with) a subscriber's code.
import type { BusEventListener, BusEventSubject, BusEvents } from './bus-events';

type AnyListener = (payload: unknown) => void;

export class LocalEvents {
  private readonly listeners = new Map<string, Set<AnyListener>>();

  publish<S extends BusEventSubject>(subject: S, payload: BusEvents[S]): void {
    for (const listener of this.listeners.get(subject) ?? []) {
      queueMicrotask(() => {
        try {
          listener(payload);
        } catch {
          // A subscriber's failure is its own: events have no reply to carry it.
        }
      });
    }
  }

  subscribe<S extends BusEventSubject>(subject: S, listener: BusEventListener<S>): () => void {
    const set = this.listeners.get(subject) ?? new Set<AnyListener>();
    this.listeners.set(subject, set);
    const entry = listener as AnyListener;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }
}

// Whether this process is shutting down: once set (on SIGTERM, before anything closes), readiness answers
// 503 so load balancers and Kubernetes stop sending work, while what is in flight finishes. One per
// process, shared by the ops listener, the gateway's own /readyz and whatever drains the listeners.
export class Draining {
  private sinceMs: number | undefined;
  private readonly listeners = new Set<() => void>();

  /** Starts draining (later calls do nothing) and tells the listeners once. */
  begin(nowMs = Date.now()): void {
    if (this.sinceMs !== undefined) return;
    this.sinceMs = nowMs;
    for (const listener of [...this.listeners]) listener();
  }

  get active(): boolean {
    return this.sinceMs !== undefined;
  }

  /** Calls `listener` when draining begins (at once if it already has); returns a remover. */
  onBegin(listener: () => void): () => void {
    if (this.active) {
      listener();
      return () => undefined;
    }
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// The head leadership of `photon start`: one process, one events service, so the lease is a field and
// expiry is checked against the clock.
import { HeadLeadership } from './head-leadership';

export class MemoryHeadLeadership extends HeadLeadership {
  private holder: string | undefined;
  private expiresAt = 0;
  private fence = 0;
  private height: bigint | undefined;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  claim(holder: string, leaseMs: number): Promise<number | null> {
    const now = this.now();
    if (this.holder !== holder && this.holder !== undefined && this.expiresAt > now)
      return Promise.resolve(null);
    if (this.holder !== holder || this.expiresAt <= now) this.fence++;
    this.holder = holder;
    this.expiresAt = now + leaseMs;
    return Promise.resolve(this.fence);
  }

  published(): Promise<bigint | undefined> {
    return Promise.resolve(this.height);
  }

  markPublished(height: bigint, fence: number): Promise<boolean> {
    if (fence !== this.fence) return Promise.resolve(false);
    if (this.height === undefined || height > this.height) this.height = height;
    return Promise.resolve(true);
  }

  release(holder: string): Promise<void> {
    if (this.holder === holder) this.holder = undefined;
    return Promise.resolve();
  }
}

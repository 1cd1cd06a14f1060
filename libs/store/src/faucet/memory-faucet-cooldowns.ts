// The faucet cooldowns of `photon start`: one process, so a map of key -> holder and deadline, checked
// against the clock on read; expired entries are swept as they are met.
import { randomUUID } from 'node:crypto';
import { FaucetCooldowns, type FaucetReservation, type ReserveOutcome } from './faucet-cooldowns';

interface Hold {
  readonly token: string;
  readonly until: number;
}

export class MemoryFaucetCooldowns extends FaucetCooldowns {
  private readonly holds = new Map<string, Hold>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  reserve(keys: readonly string[], holdMs: number): Promise<ReserveOutcome> {
    const now = this.now();
    let waitMs = 0;
    for (const key of keys) {
      const hold = this.holds.get(key);
      if (hold === undefined) continue;
      if (hold.until <= now) this.holds.delete(key);
      else waitMs = Math.max(waitMs, hold.until - now);
    }
    if (waitMs > 0) return Promise.resolve({ reserved: false, retryAfterMs: waitMs });
    const token = randomUUID();
    for (const key of keys) this.holds.set(key, { token, until: now + holdMs });
    return Promise.resolve({ reserved: true, reservation: { keys: [...keys], token } });
  }

  commit(reservation: FaucetReservation, cooldownMs: number): Promise<void> {
    const until = this.now() + cooldownMs;
    for (const key of reservation.keys) {
      if (this.holds.get(key)?.token === reservation.token)
        this.holds.set(key, { token: reservation.token, until });
    }
    return Promise.resolve();
  }

  release(reservation: FaucetReservation): Promise<void> {
    for (const key of reservation.keys) {
      if (this.holds.get(key)?.token === reservation.token) this.holds.delete(key);
    }
    return Promise.resolve();
  }
}

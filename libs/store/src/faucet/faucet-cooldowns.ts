// The contract of the faucet's cooldowns: one record per key (an address, a client IP) across every tx
// replica. A request first reserves all its keys at once, for as long as a send may take; only a send
// the engine took turns the reservation into the cooldown, and a failed one gives the keys back.

/** Keys held by one request, to commit or release. */
export interface FaucetReservation {
  readonly keys: readonly string[];
  readonly token: string;
}

export type ReserveOutcome =
  | { readonly reserved: true; readonly reservation: FaucetReservation }
  /** Some key is cooling down, or reserved by a request in flight; `retryAfterMs` until all are free. */
  | { readonly reserved: false; readonly retryAfterMs: number };

export abstract class FaucetCooldowns {
  /** Takes every key for `holdMs`, or none of them if one is taken (atomic across replicas). */
  abstract reserve(keys: readonly string[], holdMs: number): Promise<ReserveOutcome>;

  /** The send went out: the keys stay taken for `cooldownMs` from now. */
  abstract commit(reservation: FaucetReservation, cooldownMs: number): Promise<void>;

  /** The send failed: the keys are free again (only this reservation's; a later holder keeps its own). */
  abstract release(reservation: FaucetReservation): Promise<void>;
}

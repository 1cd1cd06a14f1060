// What the gateway's faucet endpoint and the tx service's photon_faucet say to each other: the
// params, the grant, and the refusals, which ride in an error's `data` so they cross the bus as is.

/** photon_faucet's params: who gets the coins, and the client address the gateway saw. */
export interface FaucetRequest {
  readonly address: string;
  readonly client: string;
}

/** photon_faucet's result, which is also the HTTP answer: the tx hash and the amount in wei (QUANTITY). */
export interface FaucetGrant {
  readonly txHash: string;
  readonly amount: string;
}

/**
 * Why the faucet did not send: `cooldown`, the address or the client had coins too recently (or has a
 * request in flight); `empty`, the faucet account cannot pay the amount and the fee; `unavailable`, the
 * faucet key is not set, not a keystore account or not unlocked.
 */
export type FaucetRefusalKind = 'cooldown' | 'empty' | 'unavailable';

/** The `data` of a refusal's error. */
export interface FaucetRefusal {
  readonly faucet: FaucetRefusalKind;
  /** With `cooldown`: whole seconds until a request may succeed (the Retry-After header). */
  readonly retryAfterSeconds?: number;
}

const KINDS: readonly string[] = ['cooldown', 'empty', 'unavailable'];

/** The refusal carried by an error's `data`, or undefined when the error is no faucet refusal. */
export function faucetRefusalOf(data: unknown): FaucetRefusal | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { faucet, retryAfterSeconds } = data as Record<string, unknown>;
  if (typeof faucet !== 'string' || !KINDS.includes(faucet)) return undefined;
  return typeof retryAfterSeconds === 'number'
    ? { faucet: faucet as FaucetRefusalKind, retryAfterSeconds }
    : { faucet: faucet as FaucetRefusalKind };
}

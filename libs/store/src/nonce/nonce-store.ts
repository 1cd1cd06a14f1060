// The contract of the nonce store: one nonce sequence per sender across every tx replica. A send holds
// the sender's lease (so broadcasts reach the engine in nonce order, as Ethermint's CheckTx demands),
// takes next(sender, engine's pending nonce) and, only after a successful broadcast, advance()s it.

export abstract class NonceStore {
  /**
   * Runs `task` while holding the sender's lease: sends from one sender run one at a time in every
   * replica sharing this store. A dead holder's lease expires; a late holder cannot end another's.
   */
  abstract withSender<T>(address: string, task: () => Promise<T>): Promise<T>;

  /** The nonce to use: max(the engine's pending nonce, the stored next nonce). Call under the lease. */
  abstract next(address: string, enginePending: bigint): Promise<bigint>;

  /**
   * Records that `used` was broadcast: the stored next becomes used + 1 (never lowered). A send that
   * fails before broadcast never calls this, so its nonce is given back. The record idles out.
   */
  abstract advance(address: string, used: bigint): Promise<void>;

  /** Stops background work (lease renewal). */
  abstract close(): Promise<void>;
}

/** How long a stored next nonce outlives the last send (then the engine's pending nonce rules). */
export const NONCE_IDLE_MS = 60_000;

export const nonceAddress = (address: string): string => address.toLowerCase();

// The journal of every transaction the tier accepted (the engine's CheckTx took it), kept until it is
// mined, replaced, finally refused or too old: a CometBFT mempool is not durable, so the tx service
// rebroadcasts what the engine lost (a restart, an eviction). CometBFT lists at most 100 mempool txs per
// call, so pending answers (the pending nonce, a pending tx by hash, txpool_*) merge this record with the
// engine's listing. Readers prune it: a record is gone once its nonce is below the sender's committed
// nonce, once the listing shows another tx at its sender and nonce, or after its maximum age.

/** One accepted transaction: its Ethereum hash, sender, nonce and EIP-2718 signed bytes (0x hex). */
export interface AcceptedTx {
  readonly hash: string;
  readonly sender: string;
  readonly nonce: bigint;
  readonly raw: string;
  /** Epoch ms when the engine took it. */
  readonly acceptedAtMs: number;
}

export abstract class AcceptedTxStore {
  /**
   * Records `tx`; a record of the same sender and nonce (the tx it replaced in the engine's pool) goes.
   * Past `maxRecords` the oldest records go first.
   */
  abstract add(tx: AcceptedTx): Promise<void>;

  /** The record of `hash`, or null (never recorded, pruned or too old). */
  abstract get(hash: string): Promise<AcceptedTx | null>;

  /** The sender's records by ascending nonce. */
  abstract forSender(sender: string): Promise<AcceptedTx[]>;

  /** Every record in arrival order, oldest first. */
  abstract list(): Promise<AcceptedTx[]>;

  /** Forgets these records (mined or dropped) and their refusal counts; unknown hashes are ignored. */
  abstract remove(hashes: readonly string[]): Promise<void>;

  /** Counts one refusal of `hash` at a rebroadcast and returns how many it has had. */
  abstract refused(hash: string): Promise<number>;

  /**
   * Whether this replica runs the rebroadcast round now: the first caller in every `turnMs` gets true,
   * so several tx replicas do not rebroadcast the same txs N-fold (a rebroadcast is idempotent anyway).
   */
  abstract takeTurn(turnMs: number): Promise<boolean>;
}

/** A pending tx older than this is taken as dropped (geth's txpool.lifetime is 3 h). */
export const ACCEPTED_TX_MAX_AGE_MS = 3 * 60 * 60 * 1000;

/** Records kept at most: CometBFT's default mempool holds 5,000 txs; twice that leaves room. */
export const ACCEPTED_TX_MAX_RECORDS = 10_000;

export const acceptedKey = (value: string): string => value.toLowerCase();

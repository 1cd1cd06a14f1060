// The tier's pending-transaction feed: the hash of every tx as it enters the mempool (appended by the tx
// service for each tx it broadcast and by the events leader for each tx it sees in the engine's mempool,
// gossiped ones included). Each hash is appended once; positions are sequence numbers, so a pending filter
// keeps a position as its cursor and reads what came after it, and a follower gets each hash as it comes.

export interface PendingPage {
  readonly hashes: readonly string[];
  /** The position after the last hash read (the given one when none). */
  readonly position: string;
}

export abstract class PendingFeed {
  /** Appends `hash` unless it was appended recently. */
  abstract append(hash: string): Promise<void>;

  /** Calls `listener` with each hash appended from now on, in order. */
  abstract follow(listener: (hash: string) => void): Promise<() => void>;

  /** The position after the last hash appended so far. */
  abstract position(): Promise<string>;

  /** At most `limit` hashes appended after `position`, oldest first (those past retention are gone). */
  abstract readAfter(position: string, limit: number): Promise<PendingPage>;

  abstract close(): Promise<void>;
}

// The stream of chain heads the events leader publishes and every gateway follows: one event per height, in
// height order, each carrying the Ethereum header (as eth_getBlockByNumber answers it) and the block's logs.
// Appending a height twice (a brief double leader, a retry) stores it once; a follower sees each height
// once, in order, from the moment it starts following, and resumes where it was after a reconnect.

export interface HeadEvent {
  /** Decimal height. */
  readonly height: string;
  /** The header JSON clients get in newHeads (eth_getBlockByNumber's block without its body). */
  readonly header: Readonly<Record<string, unknown>>;
  /** Every log of the block, as eth_getLogs answers them, in block order. */
  readonly logs: readonly unknown[];
}

export type HeadListener = (event: HeadEvent) => void;

export abstract class HeadStream {
  /** Appends the event of its height; a height appended before is not appended again. */
  abstract append(event: HeadEvent): Promise<void>;

  /** Calls `listener` for each height appended from now on, in order, each once; resolves with a stop. */
  abstract follow(listener: HeadListener): Promise<() => void>;

  /** Stops following and any background work. */
  abstract close(): Promise<void>;
}

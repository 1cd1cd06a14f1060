// Admitted but not yet executed txs: arrival order (CometBFT's own mempool), the block order (Ethermint's
// priority mempool, see block-order.ts), per-sender nonce index, and geth's replacement rule (same sender and
// nonce, fee cap and tip both at least 10 % higher).
import { blockOrder } from './block-order';
import type { ExecutableTx } from './decode-tx';
import type { EthTxType, Hex } from './types';

/** geth's default `txpool.pricebump`. */
export const PRICE_BUMP_PERCENT = 10n;
/** CometBFT's default `mempool.size`. */
export const DEFAULT_MEMPOOL_SIZE = 5000;
/** Ethermint's DefaultPriorityReduction (sdk.DefaultPowerReduction, 10^6): wei of tip per priority unit. */
export const PRIORITY_REDUCTION = 1_000_000n;
const MAX_INT64 = 2n ** 63n - 1n;

/**
 * Ethermint's GetTxPriority: the effective tip over the base fee of CheckTx, in units of 10^6 wei, at most
 * MaxInt64. `effectivePrice` is min(baseFee + tip, feeCap) for a dynamic fee tx, the gas price otherwise.
 */
export function txPriority(effectivePrice: bigint, baseFee: bigint): bigint {
  const priority = (effectivePrice - baseFee) / PRIORITY_REDUCTION;
  return priority > MAX_INT64 ? MAX_INT64 : priority;
}

export interface PendingTx {
  hash: Hex;
  raw: Uint8Array;
  tx: ExecutableTx;
  type: EthTxType;
  sender: Hex;
  nonce: bigint;
  gasLimit: bigint;
  feeCap: bigint;
  tipCap: bigint;
  value: bigint;
  /** gasLimit × feeCap + value: what the sender must be able to pay (geth's `tx.Cost()`). */
  cost: bigint;
  /** GetTxPriority at admission (CheckTx's base fee), as the priority mempool keeps it. */
  priority: bigint;
  /** Arrival order; a replacement keeps the position of the tx it replaced. */
  seq: number;
  /** The Cosmos tx that carried it: the messages of one tx share it and go into a block together. */
  cosmosTx: number;
}

export type NewPendingTx = Omit<PendingTx, 'seq' | 'cosmosTx'>;

/** The lowest fee cap and tip a replacement of `old` must offer (geth's integer thresholds). */
export function replacementThreshold(old: Pick<PendingTx, 'feeCap' | 'tipCap'>): {
  feeCap: bigint;
  tipCap: bigint;
} {
  return {
    feeCap: (old.feeCap * (100n + PRICE_BUMP_PERCENT)) / 100n,
    tipCap: (old.tipCap * (100n + PRICE_BUMP_PERCENT)) / 100n,
  };
}

export class Mempool {
  private readonly byHash = new Map<Hex, PendingTx>();
  private readonly bySender = new Map<Hex, Map<bigint, PendingTx>>();
  private nextSeq = 0;
  private nextCosmosTx = 0;

  constructor(readonly capacity = DEFAULT_MEMPOOL_SIZE) {}

  get size(): number {
    return this.byHash.size;
  }

  isFull(): boolean {
    return this.byHash.size >= this.capacity;
  }

  has(hash: Hex): boolean {
    return this.byHash.has(hash);
  }

  get(hash: Hex): PendingTx | undefined {
    return this.byHash.get(hash);
  }

  find(sender: Hex, nonce: bigint): PendingTx | undefined {
    return this.bySender.get(sender)?.get(nonce);
  }

  /** The sender's pending txs by ascending nonce. */
  forSender(sender: Hex): PendingTx[] {
    const txs = [...(this.bySender.get(sender)?.values() ?? [])];
    return txs.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  }

  /** Every pending tx in arrival order. */
  ordered(): PendingTx[] {
    return [...this.byHash.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Every pending tx in the order the next block takes them: by priority, each sender's by nonce. */
  byPriority(): PendingTx[] {
    return blockOrder(this.ordered());
  }

  /** A new Cosmos tx id, for the messages of one Cosmos tx to share (`add`'s `cosmosTx`). */
  newCosmosTx(): number {
    return this.nextCosmosTx++;
  }

  /** The next nonce after the sender's run of pending txs from `stateNonce` on (`pending` counts). */
  pendingNonce(sender: Hex, stateNonce: bigint): bigint {
    const txs = this.bySender.get(sender);
    let nonce = stateNonce;
    while (txs?.has(nonce) === true) nonce += 1n;
    return nonce;
  }

  /**
   * Adds a tx, alone in its Cosmos tx unless `cosmosTx` (from `newCosmosTx`) groups it with others; when one
   * with the same sender and nonce is pending, it takes that one's place.
   */
  add(tx: NewPendingTx, cosmosTx = this.newCosmosTx()): { added: PendingTx; replaced?: PendingTx } {
    const replaced = this.find(tx.sender, tx.nonce);
    if (replaced !== undefined) this.remove(replaced.hash);
    const added: PendingTx = { ...tx, seq: replaced?.seq ?? this.nextSeq++, cosmosTx };
    this.insert(added);
    return replaced === undefined ? { added } : { added, replaced };
  }

  /** A scratch copy: the messages of one Cosmos tx are checked against it before any is admitted. */
  clone(): Mempool {
    const copy = new Mempool(this.capacity);
    for (const tx of this.byHash.values()) copy.insert(tx);
    copy.nextSeq = this.nextSeq;
    copy.nextCosmosTx = this.nextCosmosTx;
    return copy;
  }

  private insert(tx: PendingTx): void {
    this.byHash.set(tx.hash, tx);
    let senderTxs = this.bySender.get(tx.sender);
    if (senderTxs === undefined) {
      senderTxs = new Map();
      this.bySender.set(tx.sender, senderTxs);
    }
    senderTxs.set(tx.nonce, tx);
  }

  remove(hash: Hex): PendingTx | undefined {
    const tx = this.byHash.get(hash);
    if (tx === undefined) return undefined;
    this.byHash.delete(hash);
    const senderTxs = this.bySender.get(tx.sender);
    senderTxs?.delete(tx.nonce);
    if (senderTxs?.size === 0) this.bySender.delete(tx.sender);
    return tx;
  }
}

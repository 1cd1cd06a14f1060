// The pending transactions as geth's pool would report them, beyond CometBFT's 100-tx listing: the engine's
// `unconfirmed_txs` merged with the record of txs this tier accepted (kept in the store by the tx service).
// Reads prune that record: a tx whose nonce the sender's committed nonce has passed (mined or replaced) is
// no longer pending; one whose sender and nonce the listing shows under another hash (replaced) is hidden,
// and removed by the tx service's rebroadcast round, which counts it. A recorded tx
// the engine lost (a restart empties a CometBFT mempool) stays pending: the tx service rebroadcasts it, so
// the pending nonce never hands its nonce out again. The record is read before the listing and the listing before the state,
// so a tx mined in between shows in the state, never vanishes from all three.
import { type EthTransactionRecord, type Hex } from '@photon/types';
import { Transaction } from 'ethers';
import { type EvmQueryClient } from '../evm/evm-query-client';
import { type CometHttpClient } from '../http/comet-http-client';
import { pendingNonce } from './pending-nonce';
import { pendingRecords } from './pending-transactions';
import { transactionRecord } from './transaction-record';

/** A tx the tier accepted, as the store keeps it (hash and sender lowercase, raw as 0x hex). */
export interface AcceptedTxRecord {
  readonly hash: string;
  readonly sender: string;
  readonly nonce: bigint;
  readonly raw: string;
  /** Epoch ms when the engine first took it. */
  readonly acceptedAtMs: number;
}

/** Recorded txs the engine's mempool listing does not show, though their nonce is not yet used. */
export interface UnlistedTxs {
  readonly txs: AcceptedTxRecord[];
  /** Removed from the record: the listing shows another tx at their sender and nonce. */
  readonly replaced: AcceptedTxRecord[];
  /** The listing showed the whole mempool: these txs are surely gone from the engine. */
  readonly complete: boolean;
  /** Records read (listed or not) before pruning. */
  readonly recorded: number;
}

/**
 * A pending tx by hash (`tx`), or none; `mined` when it was a recorded tx whose nonce its sender has used
 * since (mined, or replaced by a mined tx): a caller that looked for it among the included txs before
 * asking here looks again.
 */
export interface PendingLookup {
  readonly tx: EthTransactionRecord | null;
  readonly mined: boolean;
}

const NOT_PENDING: PendingLookup = { tx: null, mined: false };

/** What the pool needs of the store's accepted-tx record. */
export interface AcceptedTxRecords {
  get(hash: string): Promise<AcceptedTxRecord | null>;
  forSender(sender: string): Promise<readonly AcceptedTxRecord[]>;
  list(): Promise<readonly AcceptedTxRecord[]>;
  remove(hashes: readonly string[]): Promise<void>;
}

/** CometBFT caps unconfirmed_txs at 100 per call. */
const LISTING_LIMIT = 100;
/** Committed nonces read at once when pruning records of many senders. */
const STATE_READS_AT_ONCE = 8;

interface Listing {
  readonly txs: EthTransactionRecord[];
  /** Every tx of the mempool is in `txs` (CometBFT's total fit in one page). */
  readonly complete: boolean;
  /** Txs in the mempool, Cosmos txs included. */
  readonly total: number;
}

export class PendingPool {
  constructor(
    private readonly comet: CometHttpClient,
    private readonly evm: EvmQueryClient,
    private readonly accepted: AcceptedTxRecords,
  ) {}

  /** Every pending tx: the engine's listing first, then recorded txs it does not show. */
  async transactions(): Promise<EthTransactionRecord[]> {
    const recorded = await this.accepted.list();
    const listing = await this.listing();
    const beyond = await this.stillPending(recorded, listing);
    return [...listing.txs, ...beyond.map(toTransactionRecord)];
  }

  /**
   * How many txs are pending. A complete listing counts itself; past one page, the engine's total (which
   * counts Cosmos txs, one Ethereum tx each as Ethermint wraps them) or the merged list, whichever is more.
   */
  async count(): Promise<number> {
    const recorded = await this.accepted.list();
    const listing = await this.listing();
    const beyond = await this.stillPending(recorded, listing);
    const merged = listing.txs.length + beyond.length;
    return listing.complete ? merged : Math.max(merged, listing.total);
  }

  /** The sender's committed nonce advanced past each pending tx of theirs that continues it without a gap. */
  async nonce(sender: string): Promise<bigint> {
    const recorded = await this.accepted.forSender(sender);
    const listing = await this.listing();
    const { nonce } = await this.evm.account(sender.toLowerCase() as Hex);
    const beyond = await this.stillPending(recorded, listing, new Map([[sender.toLowerCase(), nonce]]));
    return pendingNonce(nonce, sender, [...listing.txs, ...beyond.map(toNonceOf)]);
  }

  /** A pending tx by hash, and whether it was one of the record's mined since (see PendingLookup). */
  async byHash(hash: string): Promise<PendingLookup> {
    const key = hash.toLowerCase();
    const recorded = await this.accepted.get(key);
    const listing = await this.listing();
    const listed = listing.txs.find((tx) => tx.hash === key);
    if (listed !== undefined) return { tx: listed, mined: false };
    if (recorded === null) return NOT_PENDING;
    const { pending, replaced } = await this.sorted([recorded], listing);
    const [beyond] = pending;
    if (beyond !== undefined) return { tx: toTransactionRecord(beyond), mined: false };
    return { tx: null, mined: replaced.length === 0 };
  }

  /**
   * The recorded txs neither mined nor replaced that the engine's listing does not show: with a complete
   * listing the engine lost them (a restart, an eviction); past one page they may be beyond it. Those the
   * listing shows replaced leave the record here, and are returned so the caller counts them.
   */
  async unlisted(): Promise<UnlistedTxs> {
    const recorded = await this.accepted.list();
    // Nothing kept: the engine is not asked.
    if (recorded.length === 0) return { txs: [], replaced: [], complete: true, recorded: 0 };
    const listing = await this.listing();
    const { pending, replaced } = await this.sorted(recorded, listing);
    if (replaced.length > 0) await this.accepted.remove(replaced.map((tx) => tx.hash));
    return { txs: pending, replaced, complete: listing.complete, recorded: recorded.length };
  }

  private async listing(): Promise<Listing> {
    const page = await this.comet.unconfirmedTxs(LISTING_LIMIT);
    return { txs: pendingRecords(page.txs), complete: page.total <= page.txs.length, total: page.total };
  }

  /**
   * The recorded txs the listing does not show that are still pending, and those the listing shows replaced
   * (another hash at their sender and nonce). A tx whose sender's committed nonce passed its nonce (mined, or
   * replaced by a mined tx) leaves the record here; a replaced one is only hidden, for the tx service's
   * rebroadcast to drop and count (unlisted()). One missing from even a complete listing is kept: the engine
   * lost it.
   */
  private async stillPending(
    recorded: readonly AcceptedTxRecord[],
    listing: Listing,
    knownNonces = new Map<string, bigint>(),
  ): Promise<AcceptedTxRecord[]> {
    return (await this.sorted(recorded, listing, knownNonces)).pending;
  }

  private async sorted(
    recorded: readonly AcceptedTxRecord[],
    listing: Listing,
    knownNonces = new Map<string, bigint>(),
  ): Promise<{ pending: AcceptedTxRecord[]; replaced: AcceptedTxRecord[] }> {
    const listed = new Set<string>(listing.txs.map((tx) => tx.hash));
    const unlisted = recorded.filter((tx) => !listed.has(tx.hash));
    if (unlisted.length === 0) return { pending: [], replaced: [] };
    const slots = new Set(listing.txs.map((tx) => `${tx.from.toLowerCase()}:${tx.nonce}`));
    const committed = await this.committedNonces(
      unlisted.map((tx) => tx.sender),
      knownNonces,
    );
    const used = unlisted.filter((tx) => tx.nonce < (committed.get(tx.sender) ?? 0n));
    if (used.length > 0) await this.accepted.remove(used.map((tx) => tx.hash));
    const usedHashes = new Set(used.map((tx) => tx.hash));
    const open = unlisted.filter((tx) => !usedHashes.has(tx.hash));
    return {
      pending: open.filter((tx) => !slots.has(`${tx.sender}:${tx.nonce}`)),
      replaced: open.filter((tx) => slots.has(`${tx.sender}:${tx.nonce}`)),
    };
  }

  private async committedNonces(
    senders: readonly string[],
    known: ReadonlyMap<string, bigint>,
  ): Promise<Map<string, bigint>> {
    const nonces = new Map(known);
    const missing = [...new Set(senders)].filter((sender) => !nonces.has(sender));
    for (let start = 0; start < missing.length; start += STATE_READS_AT_ONCE) {
      const batch = missing.slice(start, start + STATE_READS_AT_ONCE);
      const accounts = await Promise.all(batch.map((sender) => this.evm.account(sender as Hex)));
      batch.forEach((sender, index) => nonces.set(sender, accounts[index]?.nonce ?? 0n));
    }
    return nonces;
  }
}

function toTransactionRecord(tx: AcceptedTxRecord): EthTransactionRecord {
  return transactionRecord(Transaction.from(tx.raw), tx.sender as Hex, tx.hash as Hex, null, undefined);
}

function toNonceOf(tx: AcceptedTxRecord): { from: string; nonce: bigint } {
  return { from: tx.sender, nonce: tx.nonce };
}

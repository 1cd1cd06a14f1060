// Transactions and receipts by hash or by position. An included transaction and its receipt never change
// (instant finality), so they are kept in bounded LRUs: polling a receipt (ethers' wait()) or re-reading a
// transaction then costs no tx_search. Unknown and pending ones are never cached: they may be included later.
import { Injectable } from '@nestjs/common';
import type { BlockParam } from '@photon/codec';
import { EthereumChainReader, type CacheStats, LruCache, PendingPool } from '@photon/engine-client';
import type { EthReceiptRecord, EthTransactionRecord, Hex } from '@photon/types';
import { ChainHead } from '../engine/chain-head';
import { BlockService } from './block.service';

/** Included transactions (and, apart, receipts) remembered by hash. */
const INCLUDED_CACHE_SIZE = 4096;

@Injectable()
export class TransactionService {
  private readonly included = new LruCache<Hex, EthTransactionRecord>(INCLUDED_CACHE_SIZE);
  private readonly receipts = new LruCache<Hex, EthReceiptRecord>(INCLUDED_CACHE_SIZE);

  constructor(
    private readonly reader: EthereumChainReader,
    private readonly blocks: BlockService,
    private readonly pool: PendingPool,
    private readonly head: ChainHead,
  ) {}

  /** An included transaction, else a pending one (the engine's mempool or the tier's record); else null. */
  async byHash(hash: string): Promise<EthTransactionRecord | null> {
    const key = hash.toLowerCase() as Hex;
    const included = await this.includedByHash(key);
    if (included !== null) return included;
    const pending = await this.pool.byHash(key);
    // Not yet included at the first look, and no longer pending at the second (its nonce used): it was
    // mined in between, so it is included now. Without this second look a client that asked for the tx
    // it had just sent could be told it does not exist (web3.js's TransactionNotFound).
    return pending.mined ? this.includedByHash(key) : pending.tx;
  }

  private includedByHash(key: Hex): Promise<EthTransactionRecord | null> {
    return this.included.getOrLoad(key, () => this.reader.transactionByHash(key));
  }

  /** The index-th transaction of the block the selector names; null for an unknown block or index. */
  async byBlockAndIndex(block: BlockParam, index: bigint): Promise<EthTransactionRecord | null> {
    const found = await this.blocks.block(block);
    if (found === null || index >= BigInt(found.block.transactions.length)) return null;
    return found.block.transactions[Number(index)] ?? null;
  }

  /** The receipt of an included transaction; null while it is pending or unknown. */
  async receipt(hash: string): Promise<EthReceiptRecord | null> {
    const key = hash.toLowerCase() as Hex;
    const receipt = await this.receipts.getOrLoad(key, () => this.reader.receipt(key));
    // A client that holds this receipt next reads `latest` at its block or later, whatever replica streams.
    if (receipt !== null) this.head.atLeast(receipt.blockNumber);
    return receipt;
  }

  /** Every receipt of the block the selector names, in order; null for an unknown block. */
  async blockReceipts(block: BlockParam): Promise<readonly EthReceiptRecord[] | null> {
    return (await this.blocks.block(block))?.receipts ?? null;
  }

  cacheStats(): { transactions: CacheStats; receipts: CacheStats } {
    return { transactions: this.included.stats(), receipts: this.receipts.stats() };
  }
}

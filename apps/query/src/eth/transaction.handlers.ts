// Handlers of the transaction reads: by hash (mined or pending) and by position in a block. The gateway
// routes the inventory's alias eth_getTransactionbyBlockNumberAndIndex to its canonical name here.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetTransactionByBlockHashAndIndexParams,
  EthGetTransactionByBlockNumberAndIndexParams,
  EthGetTransactionByHashParams,
  type RpcTransaction,
  decodeParams,
  formatTransaction,
} from '@photon/codec';
import type { EthTransactionRecord } from '@photon/types';
import { TransactionService } from './transaction.service';

const formatted = (found: EthTransactionRecord | null): RpcTransaction | null =>
  found === null ? null : formatTransaction(found);

@Injectable()
export class TransactionHandlers {
  constructor(private readonly transactions: TransactionService) {}

  /** Handler for eth_getTransactionByHash. */
  @RpcMethod('eth_getTransactionByHash')
  async getTransactionByHash(params: unknown): Promise<RpcTransaction | null> {
    const { hash } = decodeParams(EthGetTransactionByHashParams, params);
    return formatted(await this.transactions.byHash(hash));
  }

  /** Handler for eth_getTransactionByBlockHashAndIndex. */
  @RpcMethod('eth_getTransactionByBlockHashAndIndex')
  async getTransactionByBlockHashAndIndex(params: unknown): Promise<RpcTransaction | null> {
    const { blockHash, index } = decodeParams(EthGetTransactionByBlockHashAndIndexParams, params);
    const block = { kind: 'hash', hash: blockHash, requireCanonical: false } as const;
    return formatted(await this.transactions.byBlockAndIndex(block, index));
  }

  /** Handler for eth_getTransactionByBlockNumberAndIndex. */
  @RpcMethod('eth_getTransactionByBlockNumberAndIndex')
  async getTransactionByBlockNumberAndIndex(params: unknown): Promise<RpcTransaction | null> {
    const { block, index } = decodeParams(EthGetTransactionByBlockNumberAndIndexParams, params);
    return formatted(await this.transactions.byBlockAndIndex(block, index));
  }
}

// Handlers of the receipt reads: one transaction's receipt, or every receipt of a block.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import {
  EthGetBlockReceiptsParams,
  EthGetTransactionLogsParams,
  EthGetTransactionReceiptParams,
  type RpcLog,
  type RpcReceipt,
  decodeParams,
  formatLog,
  formatReceipt,
} from '@photon/codec';
import { TransactionService } from './transaction.service';

@Injectable()
export class ReceiptHandlers {
  constructor(private readonly transactions: TransactionService) {}

  /** Handler for eth_getTransactionReceipt. */
  @RpcMethod('eth_getTransactionReceipt')
  async getTransactionReceipt(params: unknown): Promise<RpcReceipt | null> {
    const { hash } = decodeParams(EthGetTransactionReceiptParams, params);
    const receipt = await this.transactions.receipt(hash);
    return receipt === null ? null : formatReceipt(receipt);
  }

  /** Handler for eth_getTransactionLogs (Ethermint's extension): a mined tx's logs; null while pending or unknown. */
  @RpcMethod('eth_getTransactionLogs')
  async getTransactionLogs(params: unknown): Promise<RpcLog[] | null> {
    const { hash } = decodeParams(EthGetTransactionLogsParams, params);
    const receipt = await this.transactions.receipt(hash);
    return receipt === null ? null : receipt.logs.map(formatLog);
  }

  /** Handler for eth_getBlockReceipts. */
  @RpcMethod('eth_getBlockReceipts')
  async getBlockReceipts(params: unknown): Promise<RpcReceipt[] | null> {
    const { block } = decodeParams(EthGetBlockReceiptsParams, params);
    const receipts = await this.transactions.blockReceipts(block);
    return receipts === null ? null : receipts.map(formatReceipt);
  }
}

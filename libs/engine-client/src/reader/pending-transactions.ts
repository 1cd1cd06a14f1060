// The mempool's Ethereum transactions (`unconfirmed_txs`) as records with no position, in mempool order.
import { EthermintWireError, unwrapEthereumTx } from '@photon/ethermint-wire';
import { type EthTransactionRecord, type Hex } from '@photon/types';
import { transactionRecord } from './transaction-record';

export function pendingRecords(cometTxs: readonly Uint8Array[]): EthTransactionRecord[] {
  const records: EthTransactionRecord[] = [];
  for (const bytes of cometTxs) {
    let messages;
    try {
      messages = unwrapEthereumTx(bytes, { verifySender: false });
    } catch (error) {
      if (error instanceof EthermintWireError) continue;
      throw error;
    }
    for (const message of messages) {
      records.push(transactionRecord(message.tx, message.from as Hex, message.hash as Hex, null, undefined));
    }
  }
  return records;
}

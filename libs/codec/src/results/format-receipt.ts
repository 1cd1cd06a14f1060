// EthReceiptRecord → the wire receipt: exactly ReceiptInfo's fields (it forbids others), a real
// cumulativeGasUsed, and contractAddress null unless the transaction created a contract.
import type { EthReceiptRecord } from '@photon/types';
import { encodeAddress } from '../primitives/address';
import { encodeHash32 } from '../primitives/hash';
import { encodeQuantity } from '../primitives/quantity';
import { BLOOM_BYTES } from './constants';
import { formatLog } from './format-log';
import type { RpcReceipt } from './rpc-types';
import { fixedDataOut } from './wire-hex';

export function formatReceipt(record: EthReceiptRecord): RpcReceipt {
  return {
    blockHash: encodeHash32(record.blockHash),
    blockNumber: encodeQuantity(record.blockNumber),
    contractAddress: record.contractAddress === null ? null : encodeAddress(record.contractAddress),
    cumulativeGasUsed: encodeQuantity(record.cumulativeGasUsed),
    effectiveGasPrice: encodeQuantity(record.effectiveGasPrice),
    from: encodeAddress(record.from),
    gasUsed: encodeQuantity(record.gasUsed),
    logs: record.logs.map(formatLog),
    logsBloom: fixedDataOut(record.logsBloom, BLOOM_BYTES),
    status: encodeQuantity(record.status),
    to: record.to === null ? null : encodeAddress(record.to),
    transactionHash: encodeHash32(record.transactionHash),
    transactionIndex: encodeQuantity(record.transactionIndex),
    type: encodeQuantity(record.type),
  };
}

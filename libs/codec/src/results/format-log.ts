// EthLogRecord → the wire log of eth_getLogs, receipts and subscriptions; logIndex is block-wide
// and never null (ethers throws on null).
import type { EthLogRecord } from '@photon/types';
import { encodeAddress } from '../primitives/address';
import { encodeHash32 } from '../primitives/hash';
import { encodeQuantity } from '../primitives/quantity';
import type { RpcLog } from './rpc-types';
import { dataOut } from './wire-hex';

export function formatLog(record: EthLogRecord): RpcLog {
  return {
    address: encodeAddress(record.address),
    topics: record.topics.map((topic) => encodeHash32(topic)),
    data: dataOut(record.data),
    blockNumber: encodeQuantity(record.blockNumber),
    transactionHash: encodeHash32(record.transactionHash),
    transactionIndex: encodeQuantity(record.transactionIndex),
    blockHash: encodeHash32(record.blockHash),
    blockTimestamp: encodeQuantity(record.blockTimestamp),
    logIndex: encodeQuantity(record.logIndex),
    removed: record.removed,
  };
}

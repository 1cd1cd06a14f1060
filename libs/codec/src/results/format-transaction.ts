// EthTransactionRecord → the wire transaction object, with the fields each EIP-2718 type carries in
// the execution-apis schemas (and in geth's order); a pending one has null block fields.
import type { AccessListEntry, EthTransactionRecord, InclusionPosition } from '@photon/types';
import { CodecError } from '../primitives/codec-error';
import { encodeAddress } from '../primitives/address';
import { encodeHash32 } from '../primitives/hash';
import { encodeQuantity } from '../primitives/quantity';
import type { RpcAccessListEntry, RpcTransaction } from './rpc-types';
import { dataOut } from './wire-hex';

export function formatTransaction(record: EthTransactionRecord): RpcTransaction {
  return formatTransactionAt(record, record.position);
}

/** The transaction as it sits at `position` (null while pending); formatBlock passes the block's own. */
export function formatTransactionAt(
  record: EthTransactionRecord,
  position: InclusionPosition | null,
): RpcTransaction {
  const typed = record.type !== 0;
  return {
    blockHash: position ? encodeHash32(position.blockHash) : null,
    blockNumber: position ? encodeQuantity(position.blockNumber) : null,
    blockTimestamp: position ? encodeQuantity(position.blockTimestamp) : null,
    from: encodeAddress(record.from),
    gas: encodeQuantity(record.gas),
    gasPrice: encodeQuantity(record.gasPrice),
    ...(record.type === 2
      ? {
          maxFeePerGas: encodeQuantity(required(record, 'maxFeePerGas', record.maxFeePerGas)),
          maxPriorityFeePerGas: encodeQuantity(
            required(record, 'maxPriorityFeePerGas', record.maxPriorityFeePerGas),
          ),
        }
      : {}),
    hash: encodeHash32(record.hash),
    input: dataOut(record.input),
    nonce: encodeQuantity(record.nonce),
    to: record.to === null ? null : encodeAddress(record.to),
    transactionIndex: position ? encodeQuantity(position.transactionIndex) : null,
    value: encodeQuantity(record.value),
    type: encodeQuantity(record.type),
    // An empty access list is still served: the schema requires the field for types 1 and 2.
    ...(typed ? { accessList: (record.accessList ?? []).map(formatAccessListEntry) } : {}),
    // Typed transactions always sign a chain id; a legacy one only when EIP-155 protected.
    ...(typed || record.chainId !== undefined
      ? { chainId: encodeQuantity(required(record, 'chainId', record.chainId)) }
      : {}),
    v: encodeQuantity(record.v),
    r: encodeQuantity(record.r),
    s: encodeQuantity(record.s),
    // For a typed transaction v is the parity itself, so a record without yParity still has it.
    ...(typed ? { yParity: encodeQuantity(record.yParity ?? Number(record.v)) } : {}),
  };
}

function formatAccessListEntry(entry: AccessListEntry): RpcAccessListEntry {
  return {
    address: encodeAddress(entry.address),
    storageKeys: entry.storageKeys.map((key) => encodeHash32(key)),
  };
}

function required<T>(record: EthTransactionRecord, field: string, value: T | undefined): T {
  if (value === undefined) {
    throw new CodecError(`type-${record.type} transaction ${record.hash} has no ${field}`);
  }
  return value;
}

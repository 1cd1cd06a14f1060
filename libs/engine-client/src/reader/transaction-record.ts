// A signed Ethereum transaction as the EthTransactionRecord the codec serves, included (with its position and
// the block's base fee) or pending.
import { type EthTransactionRecord, type EthTxType, type Hex, type InclusionPosition } from '@photon/types';
import { type Transaction } from 'ethers';
import { EngineResponseError } from '../errors';

const lower = (text: string): Hex => text.toLowerCase() as Hex;

/** geth's effective gas price: the signed price, or for EIP-1559 min(maxFee, baseFee + tip) (maxFee without a base fee). */
export function effectiveGasPrice(tx: Transaction, baseFee: bigint | undefined): bigint {
  if (tx.type !== 2) return tx.gasPrice ?? 0n;
  const maxFee = tx.maxFeePerGas ?? 0n;
  if (baseFee === undefined) return maxFee;
  const tipped = baseFee + (tx.maxPriorityFeePerGas ?? 0n);
  return tipped < maxFee ? tipped : maxFee;
}

function txType(tx: Transaction, hash: Hex): EthTxType {
  if (tx.type === 0 || tx.type === 1 || tx.type === 2) return tx.type;
  throw new EngineResponseError(`tx ${hash}`, `transaction type ${String(tx.type)} is not served`);
}

/**
 * `position` null = pending: a type-2 gasPrice is then maxFeePerGas (as geth reports pending txs); once included
 * it is the effective price at `baseFee`.
 */
export function transactionRecord(
  tx: Transaction,
  from: Hex,
  hash: Hex,
  position: InclusionPosition | null,
  baseFee: bigint | undefined,
): EthTransactionRecord {
  const type = txType(tx, hash);
  const signature = tx.signature;
  if (signature === null) throw new EngineResponseError(`tx ${hash}`, 'transaction is not signed');
  const yParity = signature.yParity;
  const chainId = tx.chainId === 0n ? undefined : tx.chainId;
  // Legacy: EIP-155 v (chainId·2 + 35 + parity), or 27/28 unprotected; typed txs: the parity.
  const v =
    type !== 0
      ? BigInt(yParity)
      : chainId === undefined
        ? BigInt(27 + yParity)
        : chainId * 2n + 35n + BigInt(yParity);
  const gasPrice = type === 2 && position === null ? (tx.maxFeePerGas ?? 0n) : effectiveGasPrice(tx, baseFee);
  return {
    type,
    hash,
    from,
    to: tx.to === null ? null : lower(tx.to),
    nonce: BigInt(tx.nonce),
    value: tx.value,
    gas: tx.gasLimit,
    gasPrice,
    ...(type === 2
      ? { maxFeePerGas: tx.maxFeePerGas ?? 0n, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? 0n }
      : {}),
    input: lower(tx.data),
    ...(chainId === undefined ? {} : { chainId }),
    ...(type === 0
      ? {}
      : {
          accessList: (tx.accessList ?? []).map((entry) => ({
            address: lower(entry.address),
            storageKeys: entry.storageKeys.map(lower),
          })),
          yParity,
        }),
    v,
    r: BigInt(signature.r),
    s: BigInt(signature.s),
    position,
  };
}

// The intrinsic gas of a transaction (core.IntrinsicGas, Istanbul and Berlin rules): the least gas it can
// be given. EIP-3860's init-code charge is left to the engine, whose fork may predate Shanghai.
import { type Transaction, getBytes } from 'ethers';

const TX_GAS = 21_000n;
const TX_GAS_CONTRACT_CREATION = 53_000n;
const ZERO_BYTE_GAS = 4n;
const NON_ZERO_BYTE_GAS = 16n;
const ACCESS_LIST_ADDRESS_GAS = 2_400n;
const ACCESS_LIST_STORAGE_KEY_GAS = 1_900n;

export function intrinsicGas(tx: Pick<Transaction, 'to' | 'data' | 'accessList'>): bigint {
  let gas = tx.to === null ? TX_GAS_CONTRACT_CREATION : TX_GAS;
  for (const byte of getBytes(tx.data)) gas += byte === 0 ? ZERO_BYTE_GAS : NON_ZERO_BYTE_GAS;
  for (const entry of tx.accessList ?? []) {
    gas += ACCESS_LIST_ADDRESS_GAS + ACCESS_LIST_STORAGE_KEY_GAS * BigInt(entry.storageKeys.length);
  }
  return gas;
}

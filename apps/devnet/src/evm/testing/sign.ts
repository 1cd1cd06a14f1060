// Signing helpers for the specs: dev-account wallets and raw signed txs for chain 9000.
import { type BaseWallet, type BytesLike, getBytes, hexlify, type TransactionRequest, Wallet } from 'ethers';
import { devAccounts, PHOTON_EIP155_CHAIN_ID } from '../genesis';
import type { Hex } from '../types';

export const GWEI = 10n ** 9n;

/** The dev account `index` as an ethers wallet. */
export function devWallet(index: number): Wallet {
  const account = devAccounts()[index];
  if (account === undefined) throw new Error(`no dev account ${index}`);
  return new Wallet(account.privateKey);
}

export function devAddress(index: number): Hex {
  return devWallet(index).address.toLowerCase() as Hex;
}

export type TxFields = Omit<TransactionRequest, 'data'> & { data?: BytesLike };

/** Signs `tx` (chain id 9000 unless given; 21000 gas unless given) and returns the EIP-2718 bytes. */
export async function signTx(wallet: BaseWallet, tx: TxFields): Promise<Uint8Array> {
  const { data, ...rest } = tx;
  const request: TransactionRequest = { chainId: PHOTON_EIP155_CHAIN_ID, gasLimit: 21_000n, ...rest };
  if (data !== undefined) request.data = hexlify(data);
  return getBytes(await wallet.signTransaction(request));
}

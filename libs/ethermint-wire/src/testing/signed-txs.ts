// Ethereum transactions signed by ethers for the specs: one per type the wire carries, on chain 9000.
import { Transaction, Wallet, getBytes, type TransactionLike } from 'ethers';

// A fixed, publicly known test key (never funded anywhere that matters), so failures reproduce.
export const TEST_WALLET = new Wallet('0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318');

export const CHAIN_ID = 9000n;

const TO = '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a';

export const UNSIGNED: Record<
  'legacy155' | 'legacyUnprotected' | 'accessList' | 'dynamicFee' | 'create',
  TransactionLike
> = {
  legacy155: {
    type: 0,
    chainId: CHAIN_ID,
    nonce: 7,
    gasPrice: 5_000_000_000_000n,
    gasLimit: 21_000n,
    to: TO,
    value: 10n ** 18n,
  },
  legacyUnprotected: { type: 0, chainId: 0n, nonce: 0, gasPrice: 1n, gasLimit: 21_000n, to: TO, value: 0n },
  accessList: {
    type: 1,
    chainId: CHAIN_ID,
    nonce: 8,
    gasPrice: 7n,
    gasLimit: 60_000n,
    to: TO,
    value: 1n,
    data: '0xa9059cbb',
    accessList: [
      { address: TO, storageKeys: [`0x${'00'.repeat(31)}01`, `0x${'ab'.repeat(32)}`] },
      { address: '0x0000000000000000000000000000000000000001', storageKeys: [] },
    ],
  },
  dynamicFee: {
    type: 2,
    chainId: CHAIN_ID,
    nonce: 9,
    maxPriorityFeePerGas: 1_000_000_000n,
    maxFeePerGas: 30_000_000_000n,
    gasLimit: 90_000n,
    to: TO,
    value: 0n,
    data: '0x095ea7b3',
    accessList: [{ address: TO, storageKeys: [`0x${'00'.repeat(32)}`] }],
  },
  create: {
    type: 2,
    chainId: CHAIN_ID,
    nonce: 0,
    maxPriorityFeePerGas: 0n,
    maxFeePerGas: 0n,
    gasLimit: 1_000_000n,
    to: null,
    value: 0n,
    data: '0x6080604052',
  },
};

/** The signed bytes and the ethers view of `unsigned`, signed by TEST_WALLET. */
export async function signed(unsigned: TransactionLike): Promise<{ raw: Uint8Array; tx: Transaction }> {
  const hex = await TEST_WALLET.signTransaction(unsigned);
  return { raw: getBytes(hex), tx: Transaction.from(hex) };
}

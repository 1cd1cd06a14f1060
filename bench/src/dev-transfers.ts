// The signed EIP-1559 transfers the devnet benches put on a chain: round-robin over the ten dev accounts,
// so `count` transfers need ⌈count/10⌉ consecutive nonces per account from a fresh chain.
import { devWallet } from '@photon/testing';

const DEV_ACCOUNTS = 10;

export async function signDevTransfers(count: number): Promise<string[]> {
  const wallets = Array.from({ length: DEV_ACCOUNTS }, (_, i) => devWallet(i));
  const signed: string[] = [];
  for (let i = 0; i < count; i++) {
    signed.push(
      await wallets[i % DEV_ACCOUNTS]!.signTransaction({
        to: '0x000000000000000000000000000000000000dEaD',
        value: 1n,
        gasLimit: 21_000n,
        maxFeePerGas: 100_000_000_000n,
        maxPriorityFeePerGas: 1n,
        nonce: Math.floor(i / DEV_ACCOUNTS),
        chainId: 9000n,
        type: 2,
      }),
    );
  }
  return signed;
}

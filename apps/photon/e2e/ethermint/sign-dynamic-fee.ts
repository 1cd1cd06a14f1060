// Signs an EIP-1559 tx as eth_account does, without the client-side checks ethers applies (it refuses a
// tip above the fee cap): test_priority's test_validate needs the node, not the client, to refuse it.
import { type Wallet, concat, encodeRlp, keccak256, toBeHex } from 'ethers';

export interface DynamicFeeTx {
  chainId: number;
  nonce: number;
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
  gasLimit: bigint;
  to: string | null;
  value: bigint;
  data: string;
  accessList: readonly { address: string; storageKeys: readonly string[] }[];
}

/** RLP quantities are minimal big-endian bytes (0 is the empty string). */
const quantity = (value: bigint | number): string => (BigInt(value) === 0n ? '0x' : toBeHex(value));

export function signDynamicFeeTx(tx: DynamicFeeTx, key: Wallet): string {
  const fields = [
    quantity(tx.chainId),
    quantity(tx.nonce),
    quantity(tx.maxPriorityFeePerGas),
    quantity(tx.maxFeePerGas),
    quantity(tx.gasLimit),
    tx.to ?? '0x',
    quantity(tx.value),
    tx.data,
    tx.accessList.map((entry) => [entry.address, [...entry.storageKeys]]),
  ];
  const digest = keccak256(concat(['0x02', encodeRlp(fields)]));
  const sig = key.signingKey.sign(digest);
  const signed = [...fields, quantity(sig.yParity), quantity(BigInt(sig.r)), quantity(BigInt(sig.s))];
  return concat(['0x02', encodeRlp(signed)]);
}

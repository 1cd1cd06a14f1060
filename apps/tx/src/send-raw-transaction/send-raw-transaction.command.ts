// eth_sendRawTransaction's command: a signed EIP-2718 transaction that passed geth's RPC-side checks
// (SubmitTransaction and the txpool's stateless ones) in geth's order and words, or the first refusal.
import { InvalidInputError } from '@photon/codec';
import { Transaction, hexlify } from 'ethers';
import { UNPROTECTED, intrinsicGasTooLow } from '../submission/check-tx-errors';
import { intrinsicGas } from './intrinsic-gas';

/** geth's and Ethermint's default --rpc.txfeecap: 1 native unit (1e18 of the base denom). */
export const TX_FEE_CAP_WEI = 10n ** 18n;

export interface SubmitRules {
  /** The tier's EIP-155 chain id. */
  readonly chainId: bigint;
  readonly allowUnprotectedTxs: boolean;
}

export class SendRawTransactionCommand {
  private constructor(
    readonly raw: Uint8Array,
    /** The Ethereum transaction hash, 0x lowercase. */
    readonly hash: string,
    readonly sender: string,
    readonly nonce: bigint,
  ) {}

  static create(raw: Uint8Array, rules: SubmitRules): SendRawTransactionCommand {
    const tx = decode(raw);
    if (tx.type !== 0 && tx.type !== 1 && tx.type !== 2)
      throw new InvalidInputError('transaction type not supported');
    const signature = tx.signature;
    const hash = tx.hash;
    if (signature === null || hash === null)
      throw new InvalidInputError('invalid transaction v, r, s values');
    checkTxFee(tx);
    if (tx.type === 0 && tx.chainId === 0n) {
      if (!rules.allowUnprotectedTxs) throw new InvalidInputError(UNPROTECTED);
    } else if (tx.chainId !== rules.chainId) {
      throw new InvalidInputError(`invalid chain id for signer: have ${tx.chainId} want ${rules.chainId}`);
    }
    const needed = intrinsicGas(tx);
    if (tx.gasLimit < needed) throw new InvalidInputError(intrinsicGasTooLow(tx.gasLimit, needed));
    let sender: string;
    try {
      sender = tx.from ?? '';
    } catch {
      throw new InvalidInputError('invalid sender');
    }
    return new SendRawTransactionCommand(
      Uint8Array.from(raw),
      hash.toLowerCase(),
      sender.toLowerCase(),
      BigInt(tx.nonce),
    );
  }
}

function decode(raw: Uint8Array): Transaction {
  try {
    return Transaction.from(hexlify(raw));
  } catch (error) {
    const reason =
      error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '';
    throw new InvalidInputError(`invalid transaction: ${reason}`);
  }
}

/** geth's checkTxFee: gas × price (the fee cap for EIP-1559) must stay within the cap. */
export function checkTxFee(tx: Pick<Transaction, 'type' | 'gasLimit' | 'gasPrice' | 'maxFeePerGas'>): void {
  const price = tx.type === 2 ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  const fee = price * tx.gasLimit;
  if (fee <= TX_FEE_CAP_WEI) return;
  const ether = (wei: bigint) => (Number(wei) / 1e18).toFixed(2);
  throw new InvalidInputError(
    `tx fee (${ether(fee)} ether) exceeds the configured cap (${ether(TX_FEE_CAP_WEI)} ether)`,
  );
}

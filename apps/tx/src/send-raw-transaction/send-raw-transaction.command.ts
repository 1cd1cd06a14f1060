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

  /**
   * The command, or the first of geth's refusals. Every failure is an InvalidInputError: what ethers throws
   * while reading a decoded tx (its own consistency asserts) comes from the client's bytes, so it is a refusal
   * in its words, never an internal error.
   */
  static create(raw: Uint8Array, rules: SubmitRules): SendRawTransactionCommand {
    try {
      return SendRawTransactionCommand.checked(raw, rules);
    } catch (error) {
      if (error instanceof InvalidInputError) throw error;
      throw new InvalidInputError(`invalid transaction: ${ethersReason(error)}`);
    }
  }

  private static checked(raw: Uint8Array, rules: SubmitRules): SendRawTransactionCommand {
    const tx = decode(raw);
    if (tx.type !== 0 && tx.type !== 1 && tx.type !== 2)
      throw new InvalidInputError('transaction type not supported');
    // A signature out of range fails geth's decoding, before any check.
    if (tx.signature === null) throw new InvalidInputError(INVALID_SIGNATURE);
    checkTxFee(tx);
    const unprotected = tx.type === 0 && tx.chainId === 0n;
    if (unprotected && !rules.allowUnprotectedTxs) throw new InvalidInputError(UNPROTECTED);
    // The txpool's ValidateTransaction, before the sender: ethers asserts the same when it serializes (for the
    // hash), so it is checked first.
    if (tx.type === 2 && (tx.maxFeePerGas ?? 0n) < (tx.maxPriorityFeePerGas ?? 0n))
      throw new InvalidInputError(TIP_ABOVE_FEE_CAP);
    if (!unprotected && tx.chainId !== rules.chainId) {
      throw new InvalidInputError(`invalid chain id for signer: have ${tx.chainId} want ${rules.chainId}`);
    }
    // types.Sender recovers with Homestead's rule (s in the lower half), which decoding did not apply; ethers
    // asserts it only when it serializes.
    if (BigInt(tx.signature._s) > SECP256K1_HALF_N)
      throw new InvalidInputError(`invalid sender: ${INVALID_SIGNATURE}`);
    const hash = tx.hash;
    if (hash === null) throw new InvalidInputError(INVALID_SIGNATURE);
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

const INVALID_SIGNATURE = 'invalid transaction v, r, s values';
const SECP256K1_HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
/** core.ErrTipAboveFeeCap. */
export const TIP_ABOVE_FEE_CAP = 'max priority fee per gas higher than max fee per gas';

const ethersReason = (error: unknown): string =>
  error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '';

function decode(raw: Uint8Array): Transaction {
  try {
    return Transaction.from(hexlify(raw));
  } catch (error) {
    throw new InvalidInputError(`invalid transaction: ${ethersReason(error)}`);
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

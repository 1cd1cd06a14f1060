// eth_sendTransaction's defaults, as the JSON transaction the keystore signs: gas 90,000 (the spec),
// nonce = the sender's pending nonce, chain id = the tier's, and fees from the chain (rule below).
import { InvalidInputError, type TransactionSendDto, encodeQuantity } from '@photon/codec';
import { hexlify } from 'ethers';

/** The execution-apis default gas of eth_sendTransaction. */
export const DEFAULT_GAS = 90_000n;

/** What the chain says right now, for the fields the caller left out. */
export interface ChainDefaults {
  /** The sender's pending nonce (committed nonce + its consecutive mempool txs). */
  readonly pendingNonce: bigint;
  /** The latest base fee; null when the fee market has none (pre-London). */
  readonly baseFee: bigint | null;
  /** eth_gasPrice. */
  readonly gasPrice: bigint;
  /** eth_maxPriorityFeePerGas. */
  readonly tip: bigint;
  readonly chainId: bigint;
}

export type FilledTransaction = Record<string, unknown>;

/**
 * geth's setDefaults, with the spec's fixed gas. Fees: a given `gasPrice` makes a legacy tx; otherwise,
 * when the tx gives `maxFeePerGas`/`maxPriorityFeePerGas` or the chain has a base fee, an EIP-1559 tx
 * with tip = given ?? eth_maxPriorityFeePerGas and fee cap = given ?? 2 × base fee + tip (geth's rule,
 * so the tx survives a few rising blocks); without a base fee, a legacy tx at eth_gasPrice.
 */
export function fillTransaction(tx: TransactionSendDto, chain: ChainDefaults): FilledTransaction {
  const dynamic = tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined;
  if (dynamic && tx.gasPrice === undefined && chain.baseFee === null) {
    throw new InvalidInputError(
      'maxFeePerGas or maxPriorityFeePerGas specified but london is not active yet',
    );
  }
  const fees: Record<string, string> = {};
  if (tx.gasPrice !== undefined || (!dynamic && chain.baseFee === null)) {
    fees.gasPrice = encodeQuantity(tx.gasPrice ?? chain.gasPrice);
    // Both kinds given: the keystore answers geth's error.
    if (tx.maxFeePerGas !== undefined) fees.maxFeePerGas = encodeQuantity(tx.maxFeePerGas);
    if (tx.maxPriorityFeePerGas !== undefined)
      fees.maxPriorityFeePerGas = encodeQuantity(tx.maxPriorityFeePerGas);
  } else {
    const tip = tx.maxPriorityFeePerGas ?? chain.tip;
    fees.maxPriorityFeePerGas = encodeQuantity(tip);
    fees.maxFeePerGas = encodeQuantity(tx.maxFeePerGas ?? 2n * (chain.baseFee ?? 0n) + tip);
  }
  return {
    from: tx.from,
    ...(tx.to === undefined ? {} : { to: tx.to }),
    gas: encodeQuantity(tx.gas ?? DEFAULT_GAS),
    ...fees,
    value: encodeQuantity(tx.value ?? 0n),
    nonce: encodeQuantity(tx.nonce ?? chain.pendingNonce),
    input: hexlify(tx.input ?? new Uint8Array()),
    ...(tx.accessList === undefined ? {} : { accessList: tx.accessList }),
    chainId: encodeQuantity(tx.chainId ?? chain.chainId),
    ...(tx.blobVersionedHashes === undefined ? {} : { blobVersionedHashes: tx.blobVersionedHashes }),
    ...(tx.authorizationList === undefined ? {} : { authorizationList: [] }),
  };
}

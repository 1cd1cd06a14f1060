// eth_signTransaction and personal_signTransaction: a transaction whose every field is given
// (geth fills nothing but the chain id here) is checked with geth's rules and wording, signed,
// and returned as geth's SignTransactionResult {raw, tx}. The tx service asks for this over the
// bus after filling defaults, so it never holds a key.
import { InvalidInputError, type TransactionSendDto, encodeAddress, encodeQuantity } from '@photon/codec';
import { SigningKey, Transaction, hexlify } from 'ethers';

/** The tx fee cap: 1 native unit, as geth's and Ethermint's --rpc.txfeecap default. */
export const TX_FEE_CAP_WEI = 10n ** 18n;

/** geth's types.Transaction JSON (transaction_marshalling.go), field order included. */
export interface SignedTransactionJson {
  readonly type: string;
  readonly chainId?: string;
  readonly nonce: string;
  readonly to: string | null;
  readonly gas: string;
  readonly gasPrice: string | null;
  readonly maxPriorityFeePerGas: string | null;
  readonly maxFeePerGas: string | null;
  readonly value: string;
  readonly input: string;
  readonly accessList?: readonly { address: string; storageKeys: readonly string[] }[];
  readonly v: string;
  readonly r: string;
  readonly s: string;
  readonly yParity?: string;
  readonly hash: string;
}

export interface SignTransactionResult {
  readonly raw: string;
  readonly tx: SignedTransactionJson;
}

/** An unsigned transaction built from fully given args, or geth's error for the first missing or bad field. */
export function prepareTransaction(args: TransactionSendDto, chainId: bigint): Transaction {
  if (args.gas === undefined) throw new InvalidInputError('gas not specified');
  const dynamic = args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined;
  if (
    args.gasPrice === undefined &&
    (args.maxFeePerGas === undefined || args.maxPriorityFeePerGas === undefined)
  ) {
    throw new InvalidInputError('missing gasPrice or maxFeePerGas/maxPriorityFeePerGas');
  }
  if (args.nonce === undefined) throw new InvalidInputError('nonce not specified');
  if (args.gasPrice !== undefined && dynamic) {
    throw new InvalidInputError('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
  }
  if (args.maxFeePerGas !== undefined && args.maxPriorityFeePerGas !== undefined) {
    if (args.maxFeePerGas < args.maxPriorityFeePerGas) {
      throw new InvalidInputError(
        `maxFeePerGas (${args.maxFeePerGas}) < maxPriorityFeePerGas (${args.maxPriorityFeePerGas})`,
      );
    }
  }
  const input = args.input ?? new Uint8Array();
  if (args.to === undefined && input.length === 0) {
    throw new InvalidInputError('contract creation without any data provided');
  }
  if (args.chainId !== undefined && args.chainId !== chainId) {
    throw new InvalidInputError(`chainId does not match node's (have=${args.chainId}, want=${chainId})`);
  }
  // The engines behind Photon (Ethermint) take no blob or set-code transactions.
  if (args.blobVersionedHashes !== undefined || args.blobs !== undefined) {
    throw new InvalidInputError('blob transactions are not supported');
  }
  if (args.authorizationList !== undefined)
    throw new InvalidInputError('set-code transactions are not supported');
  if (args.nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw new InvalidInputError('nonce too high');

  const tx = new Transaction();
  // geth's ToTransaction before EIP-4844: fee caps make a dynamic-fee tx, an access list an
  // EIP-2930 tx, anything else a legacy tx (EIP-155 protected with the chain id).
  tx.type = args.maxFeePerGas !== undefined ? 2 : args.accessList !== undefined ? 1 : 0;
  tx.chainId = chainId;
  tx.nonce = Number(args.nonce);
  tx.gasLimit = args.gas;
  if (tx.type === 2) {
    tx.maxFeePerGas = args.maxFeePerGas ?? 0n;
    tx.maxPriorityFeePerGas = args.maxPriorityFeePerGas ?? 0n;
  } else {
    tx.gasPrice = args.gasPrice ?? 0n;
  }
  tx.to = args.to ?? null;
  tx.value = args.value ?? 0n;
  tx.data = hexlify(input);
  if (tx.type !== 0) tx.accessList = args.accessList ?? [];
  return tx;
}

/** geth's checkTxFee: the most the transaction can cost must stay under the cap. */
export function checkTxFee(tx: Transaction): void {
  const price = tx.type === 2 ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  const fee = price * tx.gasLimit;
  if (fee > TX_FEE_CAP_WEI) {
    const ether = (wei: bigint) => (Number(wei) / 1e18).toFixed(2);
    throw new InvalidInputError(
      `tx fee (${ether(fee)} ether) exceeds the configured cap (${ether(TX_FEE_CAP_WEI)} ether)`,
    );
  }
}

export function signTransaction(tx: Transaction, privateKey: Uint8Array): SignTransactionResult {
  const signed = tx.clone();
  signed.signature = new SigningKey(hexlify(privateKey)).sign(signed.unsignedHash);
  return { raw: signed.serialized, tx: transactionJson(signed) };
}

function transactionJson(tx: Transaction): SignedTransactionJson {
  const signature = tx.signature;
  const hash = tx.hash;
  if (signature === null || hash === null) throw new Error('transactionJson needs a signed transaction');
  const typed = tx.type !== 0;
  const v = typed ? BigInt(signature.yParity) : tx.chainId * 2n + 35n + BigInt(signature.yParity);
  return {
    type: encodeQuantity(tx.type ?? 0),
    chainId: encodeQuantity(tx.chainId),
    nonce: encodeQuantity(tx.nonce),
    to: tx.to === null ? null : encodeAddress(tx.to),
    gas: encodeQuantity(tx.gasLimit),
    gasPrice: tx.type === 2 ? null : encodeQuantity(tx.gasPrice ?? 0n),
    maxPriorityFeePerGas: tx.type === 2 ? encodeQuantity(tx.maxPriorityFeePerGas ?? 0n) : null,
    maxFeePerGas: tx.type === 2 ? encodeQuantity(tx.maxFeePerGas ?? 0n) : null,
    value: encodeQuantity(tx.value),
    input: tx.data.toLowerCase(),
    ...(typed
      ? {
          accessList: (tx.accessList ?? []).map((entry) => ({
            address: encodeAddress(entry.address),
            storageKeys: entry.storageKeys.map((key) => key.toLowerCase()),
          })),
        }
      : {}),
    v: encodeQuantity(v),
    r: encodeQuantity(BigInt(signature.r)),
    s: encodeQuantity(BigInt(signature.s)),
    ...(typed ? { yParity: encodeQuantity(signature.yParity) } : {}),
    hash,
  };
}

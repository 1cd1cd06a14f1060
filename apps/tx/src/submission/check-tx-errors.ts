// CheckTx refusals (code, codespace, log as Ethermint answers them; see apps/devnet/src/evm/ante.ts) and the
// engine's own refusals, in geth's txpool wording (-32000), which wallets and libraries match on.
import { InvalidInputError } from '@photon/codec';

export interface CheckTxRefusal {
  readonly code: number;
  readonly codespace: string;
  readonly log: string;
}

/** cosmos-sdk types/errors codes (codespace `sdk`) CheckTx answers for Ethereum txs. */
const SDK = {
  invalidSequence: 3,
  insufficientFunds: 5,
  outOfGas: 11,
  insufficientFee: 13,
  txInMempoolCache: 19,
  mempoolIsFull: 20,
  invalidSigner: 24,
  invalidType: 29,
  notSupported: 37,
} as const;

/** core.ErrAlreadyKnown (txpool). */
export const ALREADY_KNOWN = 'already known';
/** internal/ethapi SubmitTransaction's refusal of a tx without a chain id. */
export const UNPROTECTED = 'only replay-protected (EIP-155) transactions allowed over RPC';

/** The geth error for a CheckTx refusal; an unknown one keeps the engine's log. */
export function checkTxError(refusal: CheckTxRefusal): InvalidInputError {
  return new InvalidInputError(gethMessage(refusal));
}

/** CometBFT's own refusal of a tx its mempool cache has seen (an RPC error, not a CheckTx answer). */
export function isAlreadyInCache(text: string): boolean {
  return /tx already exists in cache/i.test(text);
}

function gethMessage({ code, codespace, log }: CheckTxRefusal): string {
  if (codespace !== 'sdk') return log;
  switch (code) {
    case SDK.invalidSequence:
      return nonceMessage(log);
    case SDK.insufficientFunds:
      return fundsMessage(log);
    case SDK.outOfGas:
      return gasMessage(log);
    case SDK.insufficientFee:
      return feeMessage(log);
    case SDK.txInMempoolCache:
      return ALREADY_KNOWN;
    case SDK.mempoolIsFull:
      return 'txpool is full';
    case SDK.invalidSigner:
      return /invalid chain id for signer: have \d+ want \d+/.exec(log)?.[0] ?? `invalid sender: ${log}`;
    case SDK.invalidType:
      return eoaMessage(log);
    case SDK.notSupported:
      return /unprotected/.test(log) ? UNPROTECTED : log;
    default:
      return log;
  }
}

/** The nonces of an `invalid nonce; got G, expected E` refusal, or undefined for any other refusal. */
export function nonceRefusal({
  code,
  codespace,
  log,
}: CheckTxRefusal): { got: bigint; expected: bigint } | undefined {
  if (codespace !== 'sdk' || code !== SDK.invalidSequence) return undefined;
  return noncesOf(log);
}

function noncesOf(log: string): { got: bigint; expected: bigint } | undefined {
  const match = /got (\d+), expected (\d+)/.exec(log);
  return match === null ? undefined : { got: BigInt(match[1] ?? '0'), expected: BigInt(match[2] ?? '0') };
}

/** `invalid nonce; got G, expected E: invalid sequence` → geth's `nonce too low: next nonce E, tx nonce G`. */
function nonceMessage(log: string): string {
  const nonces = noncesOf(log);
  if (nonces === undefined) return log;
  const { got, expected } = nonces;
  const kind = got < expected ? 'nonce too low' : 'nonce too high';
  return `${kind}: next nonce ${expected}, tx nonce ${got}`;
}

/** `sender balance < tx cost (B < C)` → geth's `insufficient funds for gas * price + value: balance B, tx cost C, overshot O`. */
function fundsMessage(log: string): string {
  const base = 'insufficient funds for gas * price + value';
  const match = /\((\d+) < (\d+)\)/.exec(log);
  if (match === null) return base;
  const balance = BigInt(match[1] ?? '0');
  const cost = BigInt(match[2] ?? '0');
  return `${base}: balance ${balance}, tx cost ${cost}, overshot ${cost - balance}`;
}

function feeMessage(log: string): string {
  if (/^replacement transaction underpriced/.test(log)) return 'replacement transaction underpriced';
  if (/max fee per gas less than block base fee/.test(log)) {
    const match = /\((\d+) < (\d+)\)/.exec(log);
    const suffix = match === null ? '' : `: maxFeePerGas: ${match[1] ?? ''}, baseFee: ${match[2] ?? ''}`;
    return `max fee per gas less than block base fee${suffix}`;
  }
  return 'transaction underpriced';
}

/** `gas limit too low: G (gas limit) < N (intrinsic gas)` → geth's `intrinsic gas too low: gas G, minimum needed N`. */
function gasMessage(log: string): string {
  const intrinsic = /(\d+) \(gas limit\) < (\d+) \(intrinsic gas\)/.exec(log);
  if (intrinsic !== null) return intrinsicGasTooLow(BigInt(intrinsic[1] ?? '0'), BigInt(intrinsic[2] ?? '0'));
  return /exceeds block gas limit/.test(log) ? 'exceeds block gas limit' : log;
}

/** core.ErrIntrinsicGas as the txpool words it. */
export function intrinsicGasTooLow(gas: bigint, needed: bigint): string {
  return `intrinsic gas too low: gas ${gas}, minimum needed ${needed}`;
}

/** `the sender is not EOA: address A, codeHash <H>` → geth's `sender not an eoa: address A, codehash: H`. */
function eoaMessage(log: string): string {
  const match = /address (0x[0-9a-fA-F]+), codeHash <([^>]*)>/.exec(log);
  return match === null ? log : `sender not an eoa: address ${match[1] ?? ''}, codehash: ${match[2] ?? ''}`;
}

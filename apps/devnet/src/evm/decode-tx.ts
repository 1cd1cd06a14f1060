// Decodes signed EIP-2718 tx bytes into their fields without trusting them yet (so a wrong chain id
// or an unprotected signature can be refused with Ethermint's text), then into an executable
// ethereumjs tx once the chain id is known to match.
import type { Common } from '@ethereumjs/common';
import { type AccessList2930Tx, createTxFromRLP, type FeeMarket1559Tx, type LegacyTx } from '@ethereumjs/tx';
import { decodeRlp, keccak256 } from 'ethers';
import { checkTxFailure, EvmErrors, SdkErrors } from './abci-errors';
import type { CheckTxFailure, EthTxType, Hex } from './types';
import { ethereumjsErrorText } from './vm-errors';

/** The tx classes the chain executes. */
export type ExecutableTx = LegacyTx | AccessList2930Tx | FeeMarket1559Tx;

/** Fields read from the RLP, before any signature check. */
export interface DecodedEthTx {
  raw: Uint8Array;
  hash: Hex;
  type: EthTxType;
  /** `null` for a pre-EIP-155 (unprotected) legacy tx. */
  chainId: bigint | null;
  nonce: bigint;
  gasLimit: bigint;
  /** gasPrice for types 0 and 1, maxFeePerGas for type 2 (geth's GasFeeCap). */
  feeCap: bigint;
  /** gasPrice for types 0 and 1, maxPriorityFeePerGas for type 2 (geth's GasTipCap). */
  tipCap: bigint;
  to: Hex | null;
  value: bigint;
}

export type DecodeResult = { ok: true; tx: DecodedEthTx } | CheckTxFailure;

const UINT256_BITS = 256;

function parseError(detail: string): CheckTxFailure {
  return checkTxFailure('malformed', SdkErrors.txDecode, detail);
}

function quantity(item: unknown, name: string): bigint {
  if (typeof item !== 'string') throw new Error(`rlp: expected a string for ${name}`);
  if (item !== '0x' && item.startsWith('0x00'))
    throw new Error(`rlp: non-canonical integer (leading zero bytes) for ${name}`);
  return item === '0x' ? 0n : BigInt(item);
}

function address(item: unknown): Hex | null {
  if (typeof item !== 'string') throw new Error('rlp: expected a string for to');
  if (item === '0x') return null;
  if (item.length !== 42) throw new Error('rlp: input string too long for common.Address');
  return item.toLowerCase() as Hex;
}

function txType(raw: Uint8Array): EthTxType | undefined {
  const first = raw[0];
  if (first === undefined) return undefined;
  if (first >= 0xc0) return 0;
  return first === 1 || first === 2 ? first : undefined;
}

/** Ethermint's `EthereumTx.Validate` (run by ValidateBasic before the ante handler). */
function validateBasic(tx: DecodedEthTx): CheckTxFailure | undefined {
  if (tx.gasLimit === 0n)
    return checkTxFailure('invalid-fields', EvmErrors.invalidGasLimit, 'gas limit must not be zero');
  for (const price of [tx.feeCap, tx.tipCap]) {
    if (price.toString(2).length > UINT256_BITS) {
      return checkTxFailure('invalid-fields', EvmErrors.invalidGasPrice, 'out of bound');
    }
  }
  if ((tx.gasLimit * tx.feeCap + tx.value).toString(2).length > UINT256_BITS) {
    return checkTxFailure('invalid-fields', EvmErrors.invalidGasFee, 'out of bound');
  }
  if (tx.feeCap < tx.tipCap) {
    return checkTxFailure(
      'invalid-fields',
      EvmErrors.invalidGasCap,
      `max priority fee per gas higher than max fee per gas (${tx.tipCap} > ${tx.feeCap})`,
    );
  }
  return undefined;
}

/** Reads the fields of a signed legacy, EIP-2930 or EIP-1559 tx; refuses other types and bad bytes. */
export function decodeEthTx(raw: Uint8Array): DecodeResult {
  if (raw.length === 0) return parseError('typed transaction too short');
  const type = txType(raw);
  if (type === undefined) {
    return checkTxFailure('unsupported-type', SdkErrors.txDecode, 'transaction type not supported');
  }
  let tx: DecodedEthTx;
  try {
    const decoded = decodeRlp(type === 0 ? raw : raw.subarray(1));
    if (!Array.isArray(decoded)) throw new Error('rlp: expected input list for types.Transaction');
    const fields: unknown[] = decoded;
    const hash = keccak256(raw) as Hex;
    if (type === 0) {
      if (fields.length !== 9) throw new Error('rlp: legacy tx needs 9 fields');
      const v = quantity(fields[6], 'V');
      let chainId: bigint | null;
      if (v === 27n || v === 28n) chainId = null;
      else if (v >= 35n) chainId = (v - 35n) / 2n;
      else throw new Error('invalid transaction v, r, s values');
      const gasPrice = quantity(fields[1], 'GasPrice');
      tx = {
        raw,
        hash,
        type,
        chainId,
        nonce: quantity(fields[0], 'Nonce'),
        gasLimit: quantity(fields[2], 'Gas'),
        feeCap: gasPrice,
        tipCap: gasPrice,
        to: address(fields[3]),
        value: quantity(fields[4], 'Value'),
      };
    } else if (type === 1) {
      if (fields.length !== 11) throw new Error('rlp: access list tx needs 11 fields');
      const gasPrice = quantity(fields[2], 'GasPrice');
      tx = {
        raw,
        hash,
        type,
        chainId: quantity(fields[0], 'ChainID'),
        nonce: quantity(fields[1], 'Nonce'),
        gasLimit: quantity(fields[3], 'Gas'),
        feeCap: gasPrice,
        tipCap: gasPrice,
        to: address(fields[4]),
        value: quantity(fields[5], 'Value'),
      };
    } else {
      if (fields.length !== 12) throw new Error('rlp: dynamic fee tx needs 12 fields');
      tx = {
        raw,
        hash,
        type,
        chainId: quantity(fields[0], 'ChainID'),
        nonce: quantity(fields[1], 'Nonce'),
        tipCap: quantity(fields[2], 'GasTipCap'),
        feeCap: quantity(fields[3], 'GasFeeCap'),
        gasLimit: quantity(fields[4], 'Gas'),
        to: address(fields[5]),
        value: quantity(fields[6], 'Value'),
      };
    }
  } catch (error) {
    return parseError(error instanceof Error ? error.message : String(error));
  }
  return validateBasic(tx) ?? { ok: true, tx };
}

export type RecoverResult = { ok: true; tx: ExecutableTx; sender: Hex } | CheckTxFailure;

/**
 * Builds the executable tx and recovers its sender (Ethermint's VerifyEthSig). Call it only after
 * the chain id matched: ethereumjs refuses other chain ids with less helpful texts.
 */
export function recoverSender(decoded: DecodedEthTx, common: Common, from?: Hex): RecoverResult {
  let tx: ExecutableTx;
  try {
    tx = createTxFromRLP(decoded.raw, { common }) as ExecutableTx;
  } catch (error) {
    return parseError(ethereumjsErrorText(error));
  }
  let sender: Hex;
  try {
    sender = tx.getSenderAddress().toString();
  } catch (error) {
    return checkTxFailure(
      'invalid-sender',
      SdkErrors.invalidSigner,
      'signature verification failed',
      ethereumjsErrorText(error),
    );
  }
  if (from !== undefined && from.toLowerCase() !== sender) {
    return checkTxFailure(
      'invalid-sender',
      SdkErrors.invalidSigner,
      'signature verification failed',
      `sender verification failed. got ${sender}, expected ${from.toLowerCase()}`,
    );
  }
  return { ok: true, tx, sender };
}

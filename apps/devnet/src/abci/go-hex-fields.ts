// The hexutil and common types Go's encoding/json decodes EthCallRequest's JSON fields into (TransactionArgs,
// StateOverride), with go-ethereum's error texts: a failed field is a FieldError its decoder words.
import type { Hex } from '../evm';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Go's name of a JSON value's kind in UnmarshalTypeError. */
export function jsonKind(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return typeof value === 'boolean' ? 'bool' : typeof value;
}

/**
 * A failure inside one field. `typeError` errors are json.UnmarshalTypeError (Go then names the field);
 * `soft` ones are the mismatches Go saves and reports only if nothing else fails.
 */
export class FieldError extends Error {
  constructor(
    message: string,
    readonly typeError: { value: string; type: string } | undefined,
    readonly soft = false,
  ) {
    super(message);
  }
}

export const typeError = (value: string, type: string, soft = false): FieldError =>
  new FieldError('', { value, type }, soft);

const has0x = (text: string): boolean =>
  text.length >= 2 && text[0] === '0' && (text[1] === 'x' || text[1] === 'X');
const isHex = (text: string): boolean => /^[0-9a-fA-F]*$/.test(text);

/** hexutil checkText with the 0x prefix required: the hex digits, or the decError text. */
function hexText(text: string, type: string): string {
  if (text === '') return '';
  if (!has0x(text)) throw typeError('hex string without 0x prefix', type);
  const raw = text.slice(2);
  if (raw.length % 2 !== 0) throw typeError('hex string of odd length', type);
  return raw;
}

/** hexutil.Bytes. */
export function hexBytes(value: Json, type = 'hexutil.Bytes'): Uint8Array {
  if (typeof value !== 'string') throw typeError('non-string', type);
  const raw = hexText(value, type);
  if (!isHex(raw)) throw typeError('invalid hex string', type);
  return Uint8Array.from(Buffer.from(raw, 'hex'));
}

/** common.Address / common.Hash (hexutil.UnmarshalFixedJSON): exactly `size` bytes. */
export function fixedHex(value: Json, type: string, size: number): Hex {
  if (typeof value !== 'string') throw typeError('non-string', type);
  const raw = hexText(value, type);
  if (raw.length / 2 !== size) {
    throw new FieldError(`hex string has length ${raw.length}, want ${size * 2} for ${type}`, undefined);
  }
  if (!isHex(raw)) throw typeError('invalid hex string', type);
  return `0x${raw.toLowerCase()}`;
}

/** hexutil.Uint64 (at most 64 bits) and hexutil.Big (at most 256 bits). */
export function hexNumber(value: Json, type: string, maxBits: 64 | 256): bigint {
  if (typeof value !== 'string') throw typeError('non-string', type);
  if (value === '') return 0n;
  if (!has0x(value)) throw typeError('hex string without 0x prefix', type);
  const raw = value.slice(2);
  if (raw === '') throw typeError('hex string "0x"', type);
  if (raw.length > 1 && raw[0] === '0') throw typeError('hex number with leading zero digits', type);
  if (raw.length > maxBits / 4) throw typeError(`hex number > ${maxBits} bits`, type);
  if (!isHex(raw)) throw typeError('invalid hex string', type);
  return BigInt(`0x${raw}`);
}

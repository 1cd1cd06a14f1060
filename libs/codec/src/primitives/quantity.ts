// QUANTITY: an unsigned integer as 0x-hex with no leading zeros ("0x0" for zero), as geth's
// hexutil.Uint64 and hexutil.Big read and write it.
import { CodecError } from './codec-error';
import { isHexDigits, stripHexPrefix } from './hex-text';

export interface QuantityOptions {
  /** Largest accepted width; 64 (block numbers, gas, nonces) unless a field holds wei (256). */
  readonly bits?: number;
}

export function encodeQuantity(value: bigint | number): string {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new CodecError(`cannot encode non-integer quantity ${value}`);
    // Above 2^53 a number has already lost digits; the caller must hold such values as bigint.
    if (!Number.isSafeInteger(value)) throw new CodecError(`cannot encode unsafe integer quantity ${value}`);
  }
  if (value < 0) throw new CodecError(`cannot encode negative quantity ${value}`);
  // Base-16 digits of a non-negative integer carry no leading zeros: already geth's QUANTITY. (ethers'
  // toQuantity went through a byte array and back; it was a tenth of an edge answer's time.)
  return `0x${value.toString(16)}`;
}

export function decodeQuantity(input: unknown, options: QuantityOptions = {}): bigint {
  const bits = options.bits ?? 64;
  if (typeof input !== 'string') throw CodecError.nonString(bits <= 64 ? 'hexutil.Uint64' : '*hexutil.Big');
  const digits = stripHexPrefix(input);
  if (digits.length === 0) throw new CodecError('hex string "0x"');
  if (digits.length > 1 && digits.startsWith('0'))
    throw new CodecError('hex number with leading zero digits');
  // Width before syntax, as geth does; it also keeps BigInt() away from megabyte-long strings.
  if (digits.length > Math.ceil(bits / 4)) throw rangeError(bits);
  if (!isHexDigits(digits)) throw new CodecError('invalid hex string');
  const value = BigInt(`0x${digits}`);
  if (value >> BigInt(bits) !== 0n) throw rangeError(bits);
  return value;
}

function rangeError(bits: number): CodecError {
  return new CodecError(`hex number > ${bits} bits`);
}

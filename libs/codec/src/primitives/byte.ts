// The spec's `byte` (a transaction `type`, an authorization's `yParity`): 0x + one or two hex
// digits, where a leading zero is allowed ("0x02") because clients send both spellings.
import { CodecError } from './codec-error';
import { isHexDigits, stripHexPrefix } from './hex-text';

export function decodeByte(input: unknown): number {
  if (typeof input !== 'string') throw CodecError.nonString('hexutil.Uint64');
  const digits = stripHexPrefix(input);
  if (digits.length === 0) throw new CodecError('hex string "0x"');
  if (digits.length > 2) throw new CodecError('hex number > 8 bits');
  if (!isHexDigits(digits)) throw new CodecError('invalid hex string');
  return Number.parseInt(digits, 16);
}

// Plain JSON scalars some methods take (a hydration flag, a passphrase, an unlock duration), with
// Go's encoding/json wording when the kind is wrong.
import { CodecError } from './codec-error';

const MAX_UINT64 = 2n ** 64n - 1n;

export function decodeBool(input: unknown): boolean {
  if (typeof input !== 'boolean') throw CodecError.wrongKind(input, 'bool');
  return input;
}

export function decodeString(input: unknown): string {
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'string');
  return input;
}

/** A JSON number holding a uint64 (not hex), as Go decodes a plain `uint64` parameter. */
export function decodeUint64Number(input: unknown): bigint {
  if (typeof input !== 'number') throw CodecError.wrongKind(input, 'uint64');
  if (!Number.isInteger(input) || input < 0 || BigInt(input) > MAX_UINT64) {
    throw new CodecError(`json: cannot unmarshal number ${input} into Go value of type uint64`);
  }
  return BigInt(input);
}

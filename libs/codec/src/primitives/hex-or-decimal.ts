// geth's math.HexOrDecimal64: a uint64 given as a JSON number, a decimal string or a 0x-hex string
// (leading zeros allowed). eth_feeHistory's blockCount is read this way, and clients send all three.
import { CodecError, jsonKind } from './codec-error';

const MAX_UINT64 = 2n ** 64n - 1n;
const DECIMAL = /^[0-9]+$/;
const HEX = /^0[xX][0-9a-fA-F]+$/;
// 20 decimal digits hold any uint64; longer text is rejected before BigInt() sees it.
const MAX_TEXT = 2 + 64;

export function decodeHexOrDecimal64(input: unknown): bigint {
  if (typeof input === 'number') {
    if (Number.isInteger(input) && input >= 0 && BigInt(input) <= MAX_UINT64) return BigInt(input);
    throw invalid(String(input));
  }
  if (typeof input !== 'string') {
    throw new CodecError(
      `json: cannot unmarshal ${jsonKind(input)} into Go value of type math.HexOrDecimal64`,
    );
  }
  if (input.length > MAX_TEXT || !(DECIMAL.test(input) || HEX.test(input))) throw invalid(input);
  const value = BigInt(DECIMAL.test(input) ? input : `0x${input.slice(2)}`);
  if (value > MAX_UINT64) throw invalid(input);
  return value;
}

function invalid(text: string): CodecError {
  return new CodecError(`invalid hex or decimal integer ${JSON.stringify(text)}`);
}

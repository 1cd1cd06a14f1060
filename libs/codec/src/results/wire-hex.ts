// Hex strings of a record on their way out: checked for shape and lowercased, so a malformed value
// from the engine fails loudly here instead of reaching a client that would reject the whole object.
import { CodecError } from '../primitives/codec-error';

const EVEN_HEX = /^0x(?:[0-9a-fA-F]{2})*$/;

/** DATA of any length (input, extraData, log data) as lowercase 0x-hex. */
export function dataOut(hex: string): string {
  if (!EVEN_HEX.test(hex)) throw new CodecError(`not 0x-prefixed hex bytes: ${hex.slice(0, 80)}`);
  return hex.toLowerCase();
}

/** DATA of exactly `byteLength` bytes (a logs bloom) as lowercase 0x-hex. */
export function fixedDataOut(hex: string, byteLength: number): string {
  if (hex.length !== 2 + byteLength * 2 || !EVEN_HEX.test(hex)) {
    throw new CodecError(`not ${byteLength} hex bytes: ${hex.slice(0, 80)}`);
  }
  return hex.toLowerCase();
}

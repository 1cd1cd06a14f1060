// Shared checks on hex text, so every codec rejects the same inputs with the same geth wording.
import { CodecError } from './codec-error';

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

/** True for a string of hex digits only (either case); the empty string qualifies. */
export function isHexDigits(text: string): boolean {
  return HEX_DIGITS.test(text);
}

/**
 * The digits after a mandatory lowercase `0x`. geth also takes `0X`; Photon follows the spec's
 * patterns (`^0x…`), which no real client breaks.
 */
export function stripHexPrefix(input: string): string {
  if (input.length === 0) throw new CodecError('empty hex string');
  if (!input.startsWith('0x')) throw new CodecError('hex string without 0x prefix');
  return input.slice(2);
}

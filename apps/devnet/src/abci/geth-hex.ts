// go-ethereum's lenient hex helpers that Ethermint's queries apply to request strings (common/types.go,
// common/bytes.go): IsHexAddress to validate, HexToAddress and HexToHash to read.
import type { Hex } from '../evm';

const has0xPrefix = (text: string): boolean =>
  text.length >= 2 && text[0] === '0' && (text[1] === 'x' || text[1] === 'X');

/** common.IsHexAddress: 40 hex digits, with or without 0x/0X. */
export function isHexAddress(text: string): boolean {
  const digits = has0xPrefix(text) ? text.slice(2) : text;
  return digits.length === 40 && /^[0-9a-fA-F]*$/.test(digits);
}

/** common.HexToAddress of a string that passed isHexAddress, as lowercase 0x hex. */
export function hexToAddress(text: string): Hex {
  const digits = has0xPrefix(text) ? text.slice(2) : text;
  return `0x${digits.toLowerCase()}`;
}

/**
 * common.HexToHash: FromHex (odd length gets a leading 0, decoding stops at the first bad pair, like Go's
 * hex.DecodeString), then the last 32 bytes, left-padded.
 */
export function hexToHash(text: string): Hex {
  let digits = has0xPrefix(text) ? text.slice(2) : text;
  if (digits.length % 2 === 1) digits = `0${digits}`;
  const valid = /^(?:[0-9a-fA-F]{2})*/.exec(digits)?.[0] ?? '';
  const bytes = valid.toLowerCase();
  return `0x${bytes.slice(-64).padStart(64, '0')}`;
}

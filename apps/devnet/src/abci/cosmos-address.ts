// The Cosmos SDK's readings of bech32 address strings, with their error kinds and texts: the auth module's
// address codec (codec/address/bech32_codec.go) and sdk.ConsAddressFromBech32 (types/address.go).
import { bech32Decode, EthermintWireError } from '@photon/ethermint-wire';
import { GoError, QueryErrors, SdkError } from './query-errors';

/** address.MaxAddrLen. */
const MAX_ADDR_LEN = 255;

/** cosmos-sdk `bech32.DecodeAndConvert`: the hrp and the bytes, or a plain GoError with the SDK's text. */
function bech32DecodeAndConvert(text: string): { hrp: string; bytes: Uint8Array } {
  try {
    return bech32Decode(text);
  } catch (error) {
    if (!(error instanceof EthermintWireError)) throw error;
    throw new GoError(`decoding bech32 failed: ${error.detail}`);
  }
}

/** sdk.VerifyAddressFormat without a custom verifier (Ethermint sets none). */
function verifyAddressFormat(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new SdkError(QueryErrors.unknownAddress, 'addresses cannot be empty');
  if (bytes.length > MAX_ADDR_LEN) {
    throw new SdkError(
      QueryErrors.unknownAddress,
      `address max length is ${MAX_ADDR_LEN}, got ${bytes.length}`,
    );
  }
}

/** Bech32Codec.StringToBytes, the auth keeper's address codec. */
export function accAddressFromBech32(text: string, prefix: string): Uint8Array {
  if (text.trim() === '') throw new GoError('empty address string is not allowed');
  const { hrp, bytes } = bech32DecodeAndConvert(text);
  if (hrp !== prefix) {
    throw new SdkError(
      QueryErrors.logic,
      `hrp does not match bech32 prefix: expected '${prefix}' got '${hrp}'`,
    );
  }
  verifyAddressFormat(bytes);
  return bytes;
}

/** sdk.ConsAddressFromBech32 with the `<prefix>valcons` prefix. */
export function consAddressFromBech32(text: string, prefix: string): Uint8Array {
  if (text.trim() === '') throw new GoError('empty address string is not allowed');
  const consPrefix = `${prefix}valcons`;
  const { hrp, bytes } = bech32DecodeAndConvert(text);
  if (hrp !== consPrefix) throw new GoError(`invalid Bech32 prefix; expected ${consPrefix}, got ${hrp}`);
  verifyAddressFormat(bytes);
  return bytes;
}

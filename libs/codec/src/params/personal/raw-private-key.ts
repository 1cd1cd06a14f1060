// personal_importRawKey's key: 64 hex digits without 0x, a valid secp256k1 scalar, checked with
// the messages of geth's crypto.HexToECDSA, less the character geth quotes: a client that swapped
// the arguments sent its passphrase here, and no part of a key or passphrase goes into an error.
import { getBytes } from 'ethers';
import { CodecError, decodeString } from '../../primitives';

// The order of the secp256k1 group; a private key must be in [1, N).
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const NOT_HEX = /[^0-9a-fA-F]/;

export function decodeRawPrivateKey(input: unknown): Uint8Array {
  const text = decodeString(input);
  if (NOT_HEX.test(text)) throw new CodecError('invalid hex character in private key');
  if (text.length % 2 !== 0) throw new CodecError('invalid hex data for private key');
  if (text.length !== 64) throw new CodecError('invalid length, need 256 bits');
  const scalar = BigInt(`0x${text}`);
  if (scalar >= SECP256K1_N) throw new CodecError('invalid private key, >=N');
  if (scalar === 0n) throw new CodecError('invalid private key, zero or negative');
  return getBytes(`0x${text}`);
}

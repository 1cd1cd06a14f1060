// EIP-191 version 0x45 ("personal message") signing and recovery, as geth's accounts.TextHash:
// Keccak-256 of 0x19 || "Ethereum Signed Message:\n" || the decimal byte length || the message.
// Signatures are r || s || v with v = 27 or 28 (geth adds 27 to the recovery id).
import { InvalidInputError } from '@photon/codec';
import { Signature, SigningKey, computeAddress, concat, hexlify, keccak256, toUtf8Bytes } from 'ethers';

export function personalMessageHash(message: Uint8Array): string {
  return keccak256(
    concat([Uint8Array.of(0x19), toUtf8Bytes(`Ethereum Signed Message:\n${message.length}`), message]),
  );
}

/** The 65-byte signature of `message` by `privateKey`, as 0x-hex. */
export function signPersonalMessage(message: Uint8Array, privateKey: Uint8Array): string {
  const signature = new SigningKey(hexlify(privateKey)).sign(personalMessageHash(message));
  return concat([signature.r, signature.s, Uint8Array.of(signature.v)]);
}

/** The lowercase address that signed `message`; geth's errors for a bad V or an unrecoverable signature. */
export function recoverPersonalSigner(message: Uint8Array, signature: Uint8Array): string {
  const v = signature[64];
  if (signature.length !== 65 || v === undefined)
    throw new InvalidInputError('signature must be 65 bytes long');
  if (v !== 27 && v !== 28) throw new InvalidInputError('invalid Ethereum signature (V is not 27 or 28)');
  let publicKey: string;
  try {
    publicKey = SigningKey.recoverPublicKey(personalMessageHash(message), Signature.from(hexlify(signature)));
  } catch {
    throw new InvalidInputError('recovery failed');
  }
  return computeAddress(publicKey).toLowerCase();
}

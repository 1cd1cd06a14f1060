// geth's keystore and account-manager errors, word for word (-32000): clients and scripts match them.
import { InvalidInputError } from '@photon/codec';

/** keystore.ErrNoMatch: unlocking an address with no key file. */
export const noKeyForAddress = () => new InvalidInputError('no key for given address or file');
/** keystore.ErrDecrypt: the passphrase does not open the key file. */
export const couldNotDecrypt = () => new InvalidInputError('could not decrypt key with given password');
/** keystore.ErrLocked: signing with an account that is not unlocked. */
export const authenticationNeeded = () => new InvalidInputError('authentication needed: password or unlock');
/** accounts.ErrUnknownAccount: signing with an address that is no keystore account. */
export const unknownAccount = () => new InvalidInputError('unknown account');
/** personal_signTransaction without `from`. */
export const senderNotSpecified = () => new InvalidInputError('sender not specified');
/** geth's refusal to unlock while HTTP is reachable by others (without --allow-insecure-unlock). */
export const unlockForbidden = () => new InvalidInputError('account unlock with HTTP access is forbidden');
/** Photon's: an account unlocked by RPC or at start signs only for calls through a loopback gateway. */
export const unlockedSigningForbidden = () =>
  new InvalidInputError('signing with an unlocked account is forbidden on a non-loopback listener');
/** A key file the keystore will not open (its KDF asks too much): names the file, never its content. */
export const keyFileRefused = (fileName: string, reason: string) =>
  new InvalidInputError(`key file ${fileName}: ${reason}`);
/**
 * Photon's: passphrase attempts refused while the account or the client is backing off after
 * failures (--unlock-failures, --unlock-backoff-max). Same words for every account, known or not.
 */
export const tooManyAttempts = (retryAfterMs: number) =>
  new InvalidInputError(
    `too many failed passphrase attempts: retry in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`,
  );

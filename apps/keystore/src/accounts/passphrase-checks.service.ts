// Passphrases a client sends (personal_unlockAccount, personal_sign, personal_signTransaction and so
// personal_sendTransaction) are checked under the backoff of the account and of the client address:
// guessing costs time. An address without a key file answers as one with a file does, in words and
// in time (the same KDF work), and backs off alike, so guesses do not tell accounts apart.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CallContext } from '@photon/bus';
import { UnlockBackoff } from '@photon/store';
import { aboutRequest } from '@photon/types';
import { couldNotDecrypt, tooManyAttempts } from './keystore-errors';
import { KeyStore } from './key-store.service';

/** Who sends a passphrase: the gateway's client address (absent for a service's own call), and the request. */
export type PassphraseCaller = Pick<CallContext, 'remoteAddress' | 'requestId'>;

@Injectable()
export class PassphraseChecks {
  private readonly log = new Logger('keystore');

  constructor(
    private readonly keys: KeyStore,
    @Inject(UnlockBackoff) private readonly backoff: UnlockBackoff,
  ) {}

  /**
   * The private key of `address` opened with `passphrase` for a call from `caller`. While the account or
   * the caller's client address backs off, refused without trying the passphrase.
   */
  async open(address: string, passphrase: string, caller: PassphraseCaller): Promise<Uint8Array> {
    const account = `account:${address.toLowerCase()}`;
    const client = caller.remoteAddress;
    const others = client === undefined ? [] : [`client:${client}`];
    const waitMs = await this.backoff.begin([account, ...others]);
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    let privateKey: Uint8Array | undefined;
    try {
      privateKey = await this.keys.open(address, passphrase);
    } catch (error) {
      // Not the passphrase's fault (a refused or unreadable file): the attempt is given back.
      await this.backoff.cancelled([account, ...others]);
      throw error;
    }
    if (privateKey === undefined) {
      // As geth: the address, never the passphrase.
      this.log.warn(aboutRequest(`failed passphrase attempt for ${address}`, caller.requestId));
      throw couldNotDecrypt();
    }
    try {
      await this.backoff.succeeded(account, others);
    } catch (error) {
      privateKey.fill(0);
      throw error;
    }
    return privateKey;
  }
}

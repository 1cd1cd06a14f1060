// eth_sendTransaction's and personal_sendTransaction's command: the caller's transaction, who signs
// it and who asked (the keystore decides on the caller's exposure whether an unlocked account may
// sign); refused at creation as geth refuses it before filling anything (no sender).
import type { CallContext } from '@photon/bus';
import { InvalidInputError, type TransactionSendDto } from '@photon/codec';

/**
 * How the keystore opens the key: an unlocked account's session for a client's call (under the exposure
 * rule), or this call's passphrase; `tier`, an unlocked account for the tier's own send (the faucet).
 */
export type Signing =
  | { readonly kind: 'unlocked' }
  | { readonly kind: 'passphrase'; readonly passphrase: string }
  | { readonly kind: 'tier' };

export class SendTransactionCommand {
  private constructor(
    readonly transaction: TransactionSendDto,
    /** The sender, as given. */
    readonly from: string,
    readonly signing: Signing,
    /** The call's context as the gateway stated it, passed on to the keystore unchanged. */
    readonly caller: CallContext,
  ) {}

  static create(
    transaction: TransactionSendDto,
    signing: Signing,
    caller: CallContext,
  ): SendTransactionCommand {
    if (transaction.from === undefined) {
      // geth: eth_sendTransaction looks the zero address up in the keystore; personal_ asks for a sender.
      throw new InvalidInputError(signing.kind === 'passphrase' ? 'sender not specified' : 'unknown account');
    }
    return new SendTransactionCommand(transaction, transaction.from, signing, caller);
  }
}

// eth_sendTransaction's and personal_sendTransaction's command: the caller's transaction and who signs
// it; refused at creation as geth refuses it before filling anything (no sender).
import { InvalidInputError, type TransactionSendDto } from '@photon/codec';

/** How the keystore opens the key: an unlocked account's session, or this call's passphrase. */
export type Signing =
  { readonly kind: 'unlocked' } | { readonly kind: 'passphrase'; readonly passphrase: string };

export class SendTransactionCommand {
  private constructor(
    readonly transaction: TransactionSendDto,
    /** The sender, as given. */
    readonly from: string,
    readonly signing: Signing,
  ) {}

  static create(transaction: TransactionSendDto, signing: Signing): SendTransactionCommand {
    if (transaction.from === undefined) {
      // geth: eth_sendTransaction looks the zero address up in the keystore; personal_ asks for a sender.
      throw new InvalidInputError(signing.kind === 'unlocked' ? 'unknown account' : 'sender not specified');
    }
    return new SendTransactionCommand(transaction, transaction.from, signing);
  }
}

// Handlers of the personal namespace: geth's account management over the keystore. Passphrases
// arrive per call and are used only to open a key file; they are never logged or kept.
import { Inject, Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import {
  NoParams,
  PersonalEcRecoverParams,
  PersonalImportRawKeyParams,
  PersonalLockAccountParams,
  PersonalNewAccountParams,
  PersonalSendTransactionParams,
  PersonalSignParams,
  PersonalUnlockAccountParams,
  decodeParams,
} from '@photon/codec';
import { KeyStore } from '../accounts/key-store.service';
import { senderNotSpecified } from '../accounts/keystore-errors';
import { UnlockedAccountPolicy } from '../accounts/unlocked-account-policy';
import { Unlocks } from '../accounts/unlocks.service';
import { KEYSTORE_OPTIONS, type KeystoreOptions } from '../keystore-options';
import { recoverPersonalSigner, signPersonalMessage } from '../signing/personal-message';
import {
  type SignTransactionResult,
  checkTxFee,
  prepareTransaction,
  signTransaction,
} from '../signing/transaction-signing';

@Injectable()
export class PersonalHandlers {
  constructor(
    private readonly keys: KeyStore,
    private readonly unlocks: Unlocks,
    private readonly policy: UnlockedAccountPolicy,
    @Inject(KEYSTORE_OPTIONS) private readonly options: KeystoreOptions,
  ) {}

  /** Handler for personal_newAccount: the EIP-55 address of a new key (as geth). */
  @RpcMethod('personal_newAccount')
  newAccount(params: unknown): Promise<string> {
    return this.keys.create(decodeParams(PersonalNewAccountParams, params).passphrase);
  }

  /** Handler for personal_importRawKey: importing a key already here returns its address. */
  @RpcMethod('personal_importRawKey')
  async importRawKey(params: unknown): Promise<string> {
    const { privateKey, passphrase } = decodeParams(PersonalImportRawKeyParams, params);
    try {
      return await this.keys.import(privateKey, passphrase);
    } finally {
      privateKey.fill(0);
    }
  }

  /** Handler for personal_listAccounts. */
  @RpcMethod('personal_listAccounts')
  listAccounts(params: unknown): Promise<string[]> {
    decodeParams(NoParams, params);
    return this.keys.accounts();
  }

  /** Handler for personal_unlockAccount: 300 s by default, 0 = until the tier stops. */
  @RpcMethod('personal_unlockAccount')
  async unlockAccount(params: unknown, context: CallContext): Promise<boolean> {
    const { address, passphrase, duration } = decodeParams(PersonalUnlockAccountParams, params);
    this.policy.assertMayUnlock(context);
    await this.unlocks.unlockFor(context, address, passphrase ?? '', duration);
    return true;
  }

  /** Handler for personal_lockAccount: true whether or not the account was unlocked (as geth). */
  @RpcMethod('personal_lockAccount')
  async lockAccount(params: unknown): Promise<boolean> {
    await this.unlocks.lock(decodeParams(PersonalLockAccountParams, params).address);
    return true;
  }

  /** Handler for personal_sign: the key is opened with this call's passphrase; nothing is unlocked. */
  @RpcMethod('personal_sign')
  async sign(params: unknown, context: CallContext): Promise<string> {
    const { data, address, passphrase } = decodeParams(PersonalSignParams, params);
    const privateKey = await this.unlocks.keyWithPassphrase(context, address, passphrase ?? '');
    try {
      return signPersonalMessage(data, privateKey);
    } finally {
      privateKey.fill(0);
    }
  }

  /** Handler for personal_ecRecover. */
  @RpcMethod('personal_ecRecover')
  ecRecover(params: unknown): string {
    const { data, signature } = decodeParams(PersonalEcRecoverParams, params);
    return recoverPersonalSigner(data, signature);
  }

  /**
   * Handler for personal_signTransaction: signs a fully given transaction with the key opened by
   * this call's passphrase. personal_sendTransaction (tx service) signs through this over the bus.
   */
  @RpcMethod('personal_signTransaction')
  async signTransaction(params: unknown, context: CallContext): Promise<SignTransactionResult> {
    const { transaction, passphrase } = decodeParams(PersonalSendTransactionParams, params);
    if (transaction.from === undefined) throw senderNotSpecified();
    const tx = prepareTransaction(transaction, this.options.chainId);
    checkTxFee(tx);
    const privateKey = await this.unlocks.keyWithPassphrase(context, transaction.from, passphrase);
    try {
      return signTransaction(tx, privateKey);
    } finally {
      privateKey.fill(0);
    }
  }
}

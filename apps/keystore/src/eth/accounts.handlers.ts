// Handlers of the eth_ methods the keystore owns: the account list and signing with an unlocked
// account. eth_signTransaction is also how the tx service gets eth_sendTransaction signed.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import { EthSignParams, EthSignTransactionParams, NoParams, decodeParams } from '@photon/codec';
import { KeyStore } from '../accounts/key-store.service';
import { UnlockedAccountPolicy } from '../accounts/unlocked-account-policy';
import { Unlocks } from '../accounts/unlocks.service';
import { signPersonalMessage } from '../signing/personal-message';
import type { SignTransactionResult } from '../signing/transaction-signing';
import { UnlockedTransactionSigner } from '../signing/unlocked-transaction-signer';

@Injectable()
export class AccountsHandlers {
  constructor(
    private readonly keys: KeyStore,
    private readonly unlocks: Unlocks,
    private readonly policy: UnlockedAccountPolicy,
    private readonly signer: UnlockedTransactionSigner,
  ) {}

  /** Handler for eth_accounts. */
  @RpcMethod('eth_accounts')
  accounts(params: unknown): Promise<string[]> {
    decodeParams(NoParams, params);
    return this.keys.accounts();
  }

  /** Handler for eth_sign: EIP-191 personal-message signature by an unlocked account. */
  @RpcMethod('eth_sign')
  async sign(params: unknown, context: CallContext): Promise<string> {
    const { address, message } = decodeParams(EthSignParams, params);
    this.policy.assertMaySignUnlocked(context);
    const privateKey = await this.unlocks.unlockedKey(address);
    try {
      return signPersonalMessage(message, privateKey);
    } finally {
      privateKey.fill(0);
    }
  }

  /** Handler for eth_signTransaction: a fully given transaction signed by its unlocked `from`. */
  @RpcMethod('eth_signTransaction')
  signTransaction(params: unknown, context: CallContext): Promise<SignTransactionResult> {
    const { transaction } = decodeParams(EthSignTransactionParams, params);
    this.policy.assertMaySignUnlocked(context);
    return this.signer.sign(transaction);
  }
}

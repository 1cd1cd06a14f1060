// Handlers of the internal methods the keystore owns: signing for the tier's own sends. No client reaches
// them (the gateway routes only the method table), so the exposure rule of client calls does not apply.
import { Injectable } from '@nestjs/common';
import { RpcMethod } from '@photon/bus';
import { EthSignTransactionParams, decodeParams } from '@photon/codec';
import type { SignTransactionResult } from '../signing/transaction-signing';
import { UnlockedTransactionSigner } from '../signing/unlocked-transaction-signer';

@Injectable()
export class InternalHandlers {
  constructor(private readonly signer: UnlockedTransactionSigner) {}

  /** Handler for photon_signTransaction: as eth_signTransaction, for the faucet's sends. */
  @RpcMethod('photon_signTransaction')
  signTransaction(params: unknown): Promise<SignTransactionResult> {
    return this.signer.sign(decodeParams(EthSignTransactionParams, params).transaction);
  }
}

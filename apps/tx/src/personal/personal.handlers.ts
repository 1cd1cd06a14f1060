// Handlers of the personal_ methods the tx service owns. The passphrase only passes through to the
// keystore over the bus; it is never logged or kept.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import { PersonalSendTransactionParams, decodeParams } from '@photon/codec';
import { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';

@Injectable()
export class PersonalHandlers {
  constructor(private readonly send: SendTransactionUseCase) {}

  /** Handler for personal_sendTransaction: signed with this call's passphrase; unlocks nothing. */
  @RpcMethod('personal_sendTransaction')
  sendTransaction(params: unknown, context: CallContext): Promise<string> {
    const { transaction, passphrase } = decodeParams(PersonalSendTransactionParams, params);
    return this.send.execute(
      SendTransactionCommand.create(transaction, { kind: 'passphrase', passphrase }, context),
    );
  }
}

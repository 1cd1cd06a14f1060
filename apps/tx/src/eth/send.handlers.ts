// Handlers of the eth_ methods that submit transactions: decode the params, run the use case.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import { EthSendRawTransactionParams, EthSendTransactionParams, decodeParams } from '@photon/codec';
import { SendRawTransactionUseCase } from '../send-raw-transaction/send-raw-transaction.usecase';
import { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';

@Injectable()
export class SendHandlers {
  constructor(
    private readonly sendRaw: SendRawTransactionUseCase,
    private readonly send: SendTransactionUseCase,
  ) {}

  /** Handler for eth_sendRawTransaction: the Ethereum hash of the accepted transaction. */
  @RpcMethod('eth_sendRawTransaction')
  sendRawTransaction(params: unknown): Promise<string> {
    return this.sendRaw.execute(decodeParams(EthSendRawTransactionParams, params).transaction);
  }

  /** Handler for eth_sendTransaction: signed by the unlocked `from` account in the keystore. */
  @RpcMethod('eth_sendTransaction')
  sendTransaction(params: unknown, context: CallContext): Promise<string> {
    const { transaction } = decodeParams(EthSendTransactionParams, params);
    return this.send.execute(SendTransactionCommand.create(transaction, { kind: 'unlocked' }, context));
  }
}

// Handlers of the eth_ methods that submit transactions: decode the params, run the use case.
import { Injectable } from '@nestjs/common';
import { type CallContext, RpcMethod } from '@photon/bus';
import {
  EthResendParams,
  EthSendRawTransactionParams,
  EthSendRawTransactionSyncParams,
  EthSendTransactionParams,
  decodeParams,
} from '@photon/codec';
import { ResendUseCase } from '../resend/resend.usecase';
import { SendRawTransactionUseCase } from '../send-raw-transaction/send-raw-transaction.usecase';
import { SendRawTransactionSyncUseCase } from '../send-raw-transaction-sync/send-raw-transaction-sync.usecase';
import { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';

@Injectable()
export class SendHandlers {
  constructor(
    private readonly sendRaw: SendRawTransactionUseCase,
    private readonly sendRawSync: SendRawTransactionSyncUseCase,
    private readonly send: SendTransactionUseCase,
    private readonly resend: ResendUseCase,
  ) {}

  /** Handler for eth_sendRawTransaction: the Ethereum hash of the accepted transaction. */
  @RpcMethod('eth_sendRawTransaction')
  sendRawTransaction(params: unknown): Promise<string> {
    return this.sendRaw.execute(decodeParams(EthSendRawTransactionParams, params).transaction);
  }

  /** Handler for eth_sendRawTransactionSync (EIP-7966): the receipt once mined, or error 4 past the wait. */
  @RpcMethod('eth_sendRawTransactionSync')
  sendRawTransactionSync(params: unknown, context: CallContext): Promise<unknown> {
    const { transaction, timeout } = decodeParams(EthSendRawTransactionSyncParams, params);
    return this.sendRawSync.execute(transaction, timeout, context);
  }

  /** Handler for eth_sendTransaction: signed by the unlocked `from` account in the keystore. */
  @RpcMethod('eth_sendTransaction')
  sendTransaction(params: unknown, context: CallContext): Promise<string> {
    const { transaction } = decodeParams(EthSendTransactionParams, params);
    return this.send.execute(SendTransactionCommand.create(transaction, { kind: 'unlocked' }, context));
  }

  /** Handler for eth_resend: a pending keystore transaction signed again with a new gas price or limit. */
  @RpcMethod('eth_resend')
  resendTransaction(params: unknown, context: CallContext): Promise<string> {
    const { transaction, gasPrice, gasLimit } = decodeParams(EthResendParams, params);
    return this.resend.execute(
      {
        transaction,
        ...(gasPrice === undefined ? {} : { gasPrice }),
        ...(gasLimit === undefined ? {} : { gasLimit }),
      },
      context,
    );
  }
}

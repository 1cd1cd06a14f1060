// eth_sendRawTransaction: check the signed transaction, then submit it; eth_sendTransaction and
// personal_sendTransaction end here too once the keystore has signed.
import { Inject, Injectable } from '@nestjs/common';
import { TxSubmitter } from '../submission/tx-submitter';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { SendRawTransactionCommand } from './send-raw-transaction.command';

@Injectable()
export class SendRawTransactionUseCase {
  constructor(
    private readonly submitter: TxSubmitter,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  /** The Ethereum hash of `raw` once the engine's mempool took it. */
  execute(raw: Uint8Array): Promise<string> {
    const command = SendRawTransactionCommand.create(raw, {
      chainId: this.options.chainId,
      allowUnprotectedTxs: this.options.allowUnprotectedTxs,
    });
    return this.submitter.submit(command.raw, command.hash, { sender: command.sender, nonce: command.nonce });
  }
}

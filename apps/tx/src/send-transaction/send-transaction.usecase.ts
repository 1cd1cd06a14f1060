// eth_sendTransaction and personal_sendTransaction: fill the defaults, have the keystore sign over the bus
// (this service never sees a key), then submit the signed bytes as eth_sendRawTransaction does.
import { Inject, Injectable } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { InternalError } from '@photon/codec';
import { TIMEOUT_MS } from '@photon/types';
import { getBytes, isHexString } from 'ethers';
import { SendRawTransactionUseCase } from '../send-raw-transaction/send-raw-transaction.usecase';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { AddressLock } from './address-lock';
import { ChainDefaultsService } from './chain-defaults.service';
import { SendTransactionCommand } from './send-transaction.command';
import { type FilledTransaction, fillTransaction } from './tx-defaults';

@Injectable()
export class SendTransactionUseCase {
  private readonly senders = new AddressLock();

  constructor(
    private readonly chain: ChainDefaultsService,
    private readonly bus: MethodBus,
    private readonly sendRaw: SendRawTransactionUseCase,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  /** The hash of the signed transaction once the engine's mempool took it. */
  execute(command: SendTransactionCommand): Promise<string> {
    return this.senders.run(command.from, async () => {
      const defaults = await this.chain.read(command.from, this.options.chainId);
      const filled = fillTransaction(command.transaction, defaults);
      const raw = await this.sign(filled, command);
      return this.sendRaw.execute(raw);
    });
  }

  /** geth's SignTransactionResult.raw from the keystore: eth_signTransaction or personal_signTransaction. */
  private async sign(filled: FilledTransaction, command: SendTransactionCommand): Promise<Uint8Array> {
    const request =
      command.signing.kind === 'unlocked'
        ? { method: 'eth_signTransaction', params: [filled] }
        : { method: 'personal_signTransaction', params: [filled, command.signing.passphrase] };
    const answer = await this.bus.request(
      'keystore',
      { ...request, context: command.caller },
      TIMEOUT_MS.submit,
    );
    const raw = (answer as { raw?: unknown } | null)?.raw;
    if (typeof raw !== 'string' || !isHexString(raw))
      throw new InternalError('the keystore answered no raw transaction');
    return getBytes(raw);
  }
}

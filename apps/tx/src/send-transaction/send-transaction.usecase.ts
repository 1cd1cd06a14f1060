// eth_sendTransaction and personal_sendTransaction: fill the defaults, have the keystore sign over the bus
// (this service never sees a key), then submit the signed bytes as eth_sendRawTransaction does.
import { Inject, Injectable } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { InternalError } from '@photon/codec';
import { TIMEOUT_MS } from '@photon/types';
import { getBytes, isHexString } from 'ethers';
import { SendRawTransactionUseCase } from '../send-raw-transaction/send-raw-transaction.usecase';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { ChainDefaultsService } from './chain-defaults.service';
import { SendTransactionCommand } from './send-transaction.command';
import { type FilledTransaction, fillTransaction } from './tx-defaults';

@Injectable()
export class SendTransactionUseCase {
  constructor(
    private readonly chain: ChainDefaultsService,
    private readonly bus: MethodBus,
    private readonly sendRaw: SendRawTransactionUseCase,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  /** The hash of the signed transaction once the engine's mempool took it. */
  execute(command: SendTransactionCommand): Promise<string> {
    const { nonces } = this.options;
    // Under the sender's lease in the store, so broadcasts reach the engine in nonce order from every
    // replica (Ethermint's CheckTx wants the exact next nonce). The stored next nonce advances only
    // after the engine took the tx: a send failing before that gives its nonce back.
    return nonces.withSender(command.from, async () => {
      const defaults = await this.chain.read(command.from, this.options.chainId, command.caller.requestId);
      const explicit = command.transaction.nonce !== undefined;
      const nonce = explicit ? defaults.pendingNonce : await nonces.next(command.from, defaults.pendingNonce);
      const filled = fillTransaction(command.transaction, { ...defaults, pendingNonce: nonce });
      const raw = await this.sign(filled, command);
      const hash = await this.sendRaw.execute(raw);
      // A caller's explicit nonce keeps today's behaviour and leaves the sequence alone.
      if (!explicit) await nonces.advance(command.from, nonce);
      return hash;
    });
  }

  /** geth's SignTransactionResult.raw from the keystore: eth_, personal_ or photon_signTransaction. */
  private async sign(filled: FilledTransaction, command: SendTransactionCommand): Promise<Uint8Array> {
    const { signing } = command;
    const request =
      signing.kind === 'passphrase'
        ? { method: 'personal_signTransaction', params: [filled, signing.passphrase] }
        : {
            method: signing.kind === 'tier' ? 'photon_signTransaction' : 'eth_signTransaction',
            params: [filled],
          };
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

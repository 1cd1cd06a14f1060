// photon_faucet: the faucet amount from the faucet key to one address, as eth_sendTransaction sends it
// (defaults, nonce lease, keystore signature, broadcast). The address and the client are reserved in the
// shared cooldown store first, so two requests for one address never both send; only an accepted send
// turns the reservation into the cooldown, and a failed one gives it back.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { INTERNAL_CONTEXT, withRequestId } from '@photon/bus';
import { EthSendTransactionParams, decodeParams, encodeQuantity } from '@photon/codec';
import { type FaucetGrant, aboutRequest } from '@photon/types';
import { SendTransactionCommand } from '../send-transaction/send-transaction.command';
import { SendTransactionUseCase } from '../send-transaction/send-transaction.usecase';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import type { FaucetCommand } from './faucet.command';
import { cooldown, faucetFailure, unavailable } from './faucet-refusals';

/** How long a request holds its address and client while its send runs (past the gateway's wait). */
export const FAUCET_HOLD_MS = 60_000;

@Injectable()
export class FaucetUseCase {
  private readonly log = new Logger('faucet');

  constructor(
    private readonly send: SendTransactionUseCase,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  async execute(command: FaucetCommand): Promise<FaucetGrant> {
    const faucet = this.options.faucet;
    if (faucet === null) throw unavailable('the faucet has no key (--faucet-key)');
    const outcome = await faucet.cooldowns.reserve(command.cooldownKeys, FAUCET_HOLD_MS);
    if (!outcome.reserved) throw cooldown(outcome.retryAfterMs);
    const { requestId } = command;
    // The keystore's lines about the signature name the faucet request too.
    const caller = withRequestId(INTERNAL_CONTEXT, requestId);
    let txHash: string;
    try {
      const { transaction } = decodeParams(EthSendTransactionParams, [
        { from: faucet.key, to: command.address, value: encodeQuantity(faucet.amount) },
      ]);
      txHash = await this.send.execute(SendTransactionCommand.create(transaction, { kind: 'tier' }, caller));
    } catch (error) {
      await faucet.cooldowns.release(outcome.reservation).catch(() => undefined);
      const failure = faucetFailure(error);
      if (failure !== error && failure instanceof Error)
        this.log.warn(aboutRequest(`faucet ${faucet.key}: ${failure.message}`, requestId));
      throw failure;
    }
    // The coins are on their way: a store failure now must not tell the client otherwise.
    await faucet.cooldowns.commit(outcome.reservation, faucet.cooldownMs).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn(aboutRequest(`faucet cooldown not recorded: ${reason}`, requestId));
    });
    this.log.log(aboutRequest(`sent ${faucet.amount} wei to ${command.address}: ${txHash}`, requestId));
    return { txHash, amount: encodeQuantity(faucet.amount) };
  }
}

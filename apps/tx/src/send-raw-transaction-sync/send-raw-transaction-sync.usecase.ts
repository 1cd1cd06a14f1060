// eth_sendRawTransactionSync (EIP-7966): eth_sendRawTransaction, then the receipt once a block includes the
// tx. The wait is registered before the send (a block mined meanwhile is not missed), bounded by the call's
// timeout within the tier's maximum (geth: absent or 0 takes the default, longer asks the maximum), and ends
// on the block that mined it (its block_results name it); past the deadline the receipt is asked once more,
// then error 4 with the hash.
// The receipt is the query service's eth_getTransactionReceipt answer, so both are the same object.
import { Inject, Injectable } from '@nestjs/common';
import { type CallContext, MethodBus } from '@photon/bus';
import { TransactionSyncTimeoutError } from '@photon/codec';
import { TIMEOUT_MS } from '@photon/types';
import { setTimeout as delay } from 'node:timers/promises';
import { SendRawTransactionCommand } from '../send-raw-transaction/send-raw-transaction.command';
import { TxSubmitter } from '../submission/tx-submitter';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { MinedTxWatch } from './mined-tx-watch';
import { syncWaitMs } from './sync-wait';

/** Between two lookups of a receipt whose block is known but whose index entry is not there yet. */
const INDEX_LAG_RETRY_MS = 100;

@Injectable()
export class SendRawTransactionSyncUseCase {
  constructor(
    private readonly submitter: TxSubmitter,
    private readonly watch: MinedTxWatch,
    private readonly bus: MethodBus,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  /** The receipt of `raw` once mined. */
  async execute(raw: Uint8Array, timeoutMs: bigint | undefined, caller: CallContext): Promise<unknown> {
    const command = SendRawTransactionCommand.create(raw, {
      chainId: this.options.chainId,
      allowUnprotectedTxs: this.options.allowUnprotectedTxs,
    });
    const waitMs = syncWaitMs(timeoutMs, this.options.sync);
    const wait = this.watch.register(command.hash);
    try {
      await this.submitter.submit(command.raw, command.hash, {
        sender: command.sender,
        nonce: command.nonce,
      });
      const deadline = Date.now() + waitMs;
      const outcome = await wait.until(waitMs);
      let receipt = await this.receipt(command.hash, caller);
      // Mined by its block's results, not yet found by hash: CometBFT indexes txs after the commit, so a
      // lookup may come a moment early. Asked again, a few times, within the wait.
      while (receipt === null && outcome === 'mined' && Date.now() + INDEX_LAG_RETRY_MS < deadline) {
        await delay(INDEX_LAG_RETRY_MS);
        receipt = await this.receipt(command.hash, caller);
      }
      if (receipt !== null) return receipt;
      throw new TransactionSyncTimeoutError(command.hash, waitMs);
    } finally {
      wait.release();
    }
  }

  private receipt(hash: string, caller: CallContext): Promise<unknown> {
    return this.bus.request(
      'query',
      { method: 'eth_getTransactionReceipt', params: [hash], context: caller },
      TIMEOUT_MS.read,
    );
  }
}

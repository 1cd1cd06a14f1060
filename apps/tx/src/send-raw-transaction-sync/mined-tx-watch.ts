// Which txs each new block mined, for the eth_sendRawTransactionSync calls waiting here: the tier's head
// stream (the events leader's one engine subscription) says a block came; only while some call waits is its
// block_results read (one engine call per block, whatever the number of waits) for the Ethereum hashes in it.
import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HeadStream } from '@photon/bus';
import { CometHttpClient, ethereumTxHashes } from '@photon/engine-client';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { type MinedTxWait, MinedTxWaits } from './mined-tx-waits';

@Injectable()
export class MinedTxWatch implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger('tx');
  private readonly waits: MinedTxWaits;
  private stop: (() => void) | undefined;
  private stopped = false;

  constructor(
    private readonly heads: HeadStream,
    private readonly comet: CometHttpClient,
    @Inject(TX_OPTIONS) options: TxOptions,
  ) {
    this.waits = new MinedTxWaits(options.sync.maxWaits);
  }

  onModuleInit(): void {
    // The service starts whether or not heads are published yet; a wait then ends at its deadline, where
    // the receipt is looked up once more.
    void this.heads
      .follow((event) => void this.observe(BigInt(event.height)))
      .then((stop) => {
        if (this.stopped) stop();
        else this.stop = stop;
      })
      .catch((error: unknown) => this.log.warn(`not following heads: ${String(error)}`));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.stop?.();
  }

  /** A wait for `hash`, registered before it is sent; -32005 past --tx-sync-max-waits. */
  register(hash: string): MinedTxWait {
    return this.waits.register(hash);
  }

  private async observe(height: bigint): Promise<void> {
    if (this.waits.size === 0) return;
    try {
      this.waits.mined(ethereumTxHashes(await this.comet.blockResults(height)));
    } catch (error) {
      // A wait this block would have ended ends at its deadline instead, with one more receipt lookup.
      this.log.warn(`block ${height} results not read for waiting sync sends: ${String(error)}`);
    }
  }
}

// The tx journal's rebroadcast: every poll, the replica whose turn it is (one per turn across the tx
// replicas, a key in the store) sends again the kept txs the engine lost, in each sender's nonce order, and
// drops those finally refused, replaced or too old. A restarted engine (its height went back, or its mempool
// listing lacks a kept tx) gets them back at once; rebroadcasting a tx the engine still has is harmless
// (its cache answers "tx already exists in cache").
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { type AcceptedTxRecord, CometHttpClient, PendingPool } from '@photon/engine-client';
import { getBytes } from 'ethers';
import { TxSubmitter } from '../submission/tx-submitter';
import { TX_OPTIONS, type TxOptions } from '../tx-options';
import { planRound } from './rebroadcast-plan';
import { TxJournalStats } from './tx-journal-stats';

@Injectable()
export class TxRebroadcaster implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('tx');
  /** Tx hash → first height at which this replica may send it again. */
  private readonly nextTry = new Map<string, bigint>();
  private lastHeight: bigint | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** The last round failed (engine or store unreachable): said once per outage. */
  private failing = false;

  constructor(
    private readonly pool: PendingPool,
    private readonly comet: CometHttpClient,
    private readonly submitter: TxSubmitter,
    readonly stats: TxJournalStats,
    @Inject(TX_OPTIONS) private readonly options: TxOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** One round (the timer runs them; a test may too). */
  async round(): Promise<void> {
    const { journal, accepted } = this.options;
    if (!(await accepted.takeTurn(journal.pollMs))) return;
    const unlisted = await this.pool.unlisted();
    this.stats.keptNow(unlisted.recorded);
    if (unlisted.replaced.length > 0) this.stats.droppedFor('replaced', unlisted.replaced.length);
    if (unlisted.txs.length === 0) return;
    const height = (await this.comet.status()).syncInfo.latestBlockHeight;
    if (this.lastHeight !== undefined && height < this.lastHeight) {
      // Another chain, or one restored from an older copy: the heights noted for the next tries mean nothing.
      this.log.warn(`the engine's height went back from ${this.lastHeight} to ${height}: it restarted`);
      this.nextTry.clear();
    }
    this.lastHeight = height;
    const plan = planRound(unlisted, height, this.nextTry, journal, Date.now());
    if (plan.expired.length > 0) {
      await accepted.remove(plan.expired.map((tx) => tx.hash));
      this.stats.droppedFor('expired', plan.expired.length);
    }
    let sent = 0;
    for (const txs of plan.due) sent += await this.sendInOrder(txs, height);
    if (sent > 0) this.log.log(`sent ${sent} kept txs the engine did not have again`);
  }

  /** Sends one sender's txs until one is refused (the later nonces would be too); returns how many went. */
  private async sendInOrder(txs: readonly AcceptedTxRecord[], height: bigint): Promise<number> {
    const { journal, accepted } = this.options;
    let sent = 0;
    for (const tx of txs) {
      this.nextTry.set(tx.hash, height + BigInt(journal.blocks));
      const answer = await this.submitter.rebroadcast(getBytes(tx.raw));
      if (answer.kind === 'accepted') {
        sent++;
        this.stats.sentAgain();
        continue;
      }
      if (answer.kind === 'known') continue;
      if (answer.message.startsWith('nonce too low')) {
        // Its nonce is taken: by itself once mined, else by another tx (mined or pending).
        await accepted.remove([tx.hash]);
        if (!(await this.mined(tx.hash))) this.stats.droppedFor('replaced');
        continue;
      }
      if ((await accepted.refused(tx.hash)) >= journal.maxTries) {
        await accepted.remove([tx.hash]);
        this.stats.droppedFor('refused');
        this.log.warn(`dropped kept tx ${tx.hash} after ${journal.maxTries} refusals: ${answer.message}`);
      }
      break;
    }
    return sent;
  }

  private async mined(hash: string): Promise<boolean> {
    const found = await this.comet.txSearch(`ethereum_tx.ethereumTxHash='${hash}'`);
    return found.txs.length > 0;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().then(
        () => this.recovered(),
        (error: unknown) => this.failed(error),
      );
      void this.running.then(() => this.schedule());
    }, this.options.journal.pollMs);
    this.timer.unref();
  }

  private recovered(): void {
    if (this.failing) this.log.log('rebroadcast rounds run again');
    this.failing = false;
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(`rebroadcast round failed (kept txs wait for the next): ${reason}`);
  }
}

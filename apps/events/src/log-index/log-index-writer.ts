// The events leader's log index upkeep: after every published head it indexes up to that head, and in
// between it backfills history one chunk per round, reporting progress in the log. A standby does nothing;
// a new leader goes on from the span the last one left.
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { HeadBridge } from '../bridge/head-bridge';
import { DistinctWarnings } from '../distinct-warnings';
import { EVENTS_OPTIONS, type EventsOptions } from '../events-options';
import { SerialRounds } from '../serial-rounds';
import { type BackfillProgress, IndexBuilder } from './index-builder';
import { busIndexedChain } from './indexed-chain';

/** Least time between two backfill progress lines. */
const PROGRESS_EVERY_MS = 10_000;

@Injectable()
export class LogIndexWriter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('events');
  private readonly builder: IndexBuilder | undefined;
  private readonly warnings = new DistinctWarnings(
    (line) => this.log.warn(line),
    'log index: paused: ',
    (reason) => this.log.log(`log index: resumed (paused: ${reason})`),
  );
  private readonly rounds = new SerialRounds(
    () => this.round(),
    (error) => this.warnings.problem(error),
  );
  private removers: (() => void)[] = [];
  private backfill: { startedMs: number; lastNoteMs: number } | undefined;
  /** The last height this replica published as leader; unknown after losing the leadership. */
  private head: bigint | undefined;

  constructor(
    private readonly bridge: HeadBridge,
    bus: MethodBus,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {
    const settings = options.logIndex;
    this.builder =
      settings === undefined
        ? undefined
        : new IndexBuilder(
            settings.index,
            busIndexedChain(bus),
            settings.from,
            BigInt(options.maxBlocksPerPoll),
            (line) => this.log.warn(line),
          );
  }

  onApplicationBootstrap(): void {
    if (this.builder === undefined) return;
    this.removers = [
      this.bridge.onPublished((height) => {
        this.head = height;
        this.rounds.wake();
      }),
      this.bridge.onLeadershipChange((leading) => {
        if (leading) this.rounds.wake();
        else {
          this.head = undefined;
          this.builder?.reset();
        }
      }),
    ];
  }

  async onApplicationShutdown(): Promise<void> {
    for (const remove of this.removers) remove();
    await this.rounds.stop();
  }

  private async round(): Promise<void> {
    if (this.builder === undefined || !this.bridge.isLeading) return;
    // A new leader that has published nothing yet goes on from what the last one published.
    const published = this.head ?? (await this.options.bridge.leadership.published());
    if (published === undefined) return;
    const progress = await this.builder.step(published);
    this.warnings.cleared();
    this.report(progress);
    if (progress !== null) this.rounds.runAgain();
  }

  private report(progress: BackfillProgress | null): void {
    const now = Date.now();
    if (progress === null) {
      if (this.backfill !== undefined) {
        const seconds = ((now - this.backfill.startedMs) / 1000).toFixed(1);
        this.log.log(`log index: history backfilled in ${seconds} s`);
      }
      this.backfill = undefined;
      return;
    }
    const { span, floor } = progress;
    if (this.backfill === undefined) {
      this.backfill = { startedMs: now, lastNoteMs: now };
      this.log.log(`log index: backfilling blocks ${floor}-${span.low - 1n} in the background`);
    } else if (now - this.backfill.lastNoteMs >= PROGRESS_EVERY_MS) {
      this.backfill.lastNoteMs = now;
      this.log.log(`log index: indexed ${span.low}-${span.high}, ${span.low - floor} blocks to go`);
    }
  }
}

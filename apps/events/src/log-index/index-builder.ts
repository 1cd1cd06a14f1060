// Builds the log index in steps, for the events leader: each step first brings the index up to the
// published head, then backfills one chunk of history below it, down to the configured first block.
// Entries are written before the span widens over them (the store's rule), so a leader dying mid-step
// leaves a smaller span, never a hole; the next leader goes on from the span.
import { type IndexedBlock, type IndexedSpan, type LogIndex, blockLogKeys } from '@photon/store';
import type { IndexedChain, IndexedLog } from './indexed-chain';

/** The result cap's code: the run of blocks is split in two and each half read again. */
const LIMIT_EXCEEDED = -32005;

/** The first block to index: a block number, or a depth below the head published when the leader starts. */
export type IndexStart =
  { readonly kind: 'height'; readonly height: bigint } | { readonly kind: 'depth'; readonly blocks: bigint };

/** Backfill state for progress lines: where it stands and where it stops. */
export interface BackfillProgress {
  readonly span: IndexedSpan;
  readonly floor: bigint;
}

export class IndexBuilder {
  private verified = false;
  private floor: bigint | undefined;

  constructor(
    private readonly index: LogIndex,
    private readonly chain: IndexedChain,
    private readonly start: IndexStart,
    /** Blocks per read (at most the query service's --logs-max-block-range). */
    private readonly chunk: bigint,
    private readonly note: (line: string) => void,
  ) {}

  /** Forget what was checked: a new leadership checks the anchor and the floor again. */
  reset(): void {
    this.verified = false;
    this.floor = undefined;
  }

  /** One step up to `published` and one chunk down; the backfill state after, or null once it is complete. */
  async step(published: bigint): Promise<BackfillProgress | null> {
    let span =
      (await this.verifiedSpan()) ??
      (await this.recordRun(published, published, await this.anchorAt(published)));
    while (span.high < published) {
      const to = span.high + this.chunk < published ? span.high + this.chunk : published;
      span = await this.recordRun(span.high + 1n, to, span.anchor);
    }
    const floor = await this.floorBelow(published);
    if (span.low <= floor) return null;
    const from = span.low - this.chunk > floor ? span.low - this.chunk : floor;
    span = await this.recordRun(from, span.low - 1n, span.anchor);
    return span.low <= floor ? null : { span, floor };
  }

  /** The first block to index: the configured one, never below the engine's earliest retained block. */
  private async floorBelow(published: bigint): Promise<bigint> {
    if (this.floor !== undefined) return this.floor;
    const wanted = this.start.kind === 'height' ? this.start.height : published - this.start.blocks + 1n;
    const earliest = await this.chain.earliest();
    this.floor = wanted > earliest ? wanted : earliest < 1n ? 1n : earliest;
    return this.floor;
  }

  /**
   * The index's span, or null when it has none. Once per leadership the span is checked first: an index
   * under this prefix built from another chain (a devnet started afresh, another network) is dropped, since
   * its first block must still have the hash it had, unless the engine has pruned it since.
   */
  private async verifiedSpan(): Promise<IndexedSpan | null> {
    const span = await this.index.span();
    const checked = this.verified;
    this.verified = true;
    if (checked || span === null) return span;
    const [height, hash] = span.anchor.split(':');
    if (height !== undefined && hash !== undefined && /^\d+$/.test(height)) {
      const anchorHeight = BigInt(height);
      const now = await this.chain.blockHash(anchorHeight);
      if (now === hash) return span;
      if (now === null && anchorHeight < (await this.chain.earliest())) return span;
    }
    this.note(`log index: built from another chain (block ${span.anchor} differs); rebuilding`);
    await this.index.clear();
    return null;
  }

  /** The anchor a new span starts with: the height and hash of its first block. */
  private async anchorAt(height: bigint): Promise<string> {
    const hash = await this.chain.blockHash(height);
    if (hash === null) throw new Error(`log index: block ${height} is not on the engine`);
    return `${height}:${hash}`;
  }

  private async recordRun(from: bigint, to: bigint, anchor: string): Promise<IndexedSpan> {
    const byHeight = new Map<bigint, IndexedLog[]>();
    for (const log of await this.readLogs(from, to)) {
      const logs = byHeight.get(log.blockNumber) ?? [];
      logs.push(log);
      byHeight.set(log.blockNumber, logs);
    }
    const blocks: IndexedBlock[] = [...byHeight].map(([height, logs]) => ({
      height,
      keys: blockLogKeys(logs),
    }));
    const span = await this.index.record(from, to, blocks, anchor);
    if (span === null || span.low > from || span.high < to) {
      throw new Error(`log index: blocks ${from}-${to} did not join the span`);
    }
    return span;
  }

  private async readLogs(from: bigint, to: bigint): Promise<IndexedLog[]> {
    try {
      return await this.chain.logs(from, to);
    } catch (error) {
      if ((error as { code?: unknown }).code !== LIMIT_EXCEEDED) throw error;
      if (from === to) return this.chain.blockLogs(from);
      const middle = (from + to) / 2n;
      return [...(await this.readLogs(from, middle)), ...(await this.readLogs(middle + 1n, to))];
    }
  }
}

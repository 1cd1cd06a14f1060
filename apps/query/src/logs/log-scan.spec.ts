import { InvalidInputError, LimitExceededError } from '@photon/codec';
import type { EthLogRecord, Hex } from '@photon/types';
import { type BlockLogSource, scanLogs } from './log-scan';

const A: Hex = `0x${'aa'.repeat(20)}`;
const B: Hex = `0x${'bb'.repeat(20)}`;

function log(blockNumber: bigint, address: Hex, logIndex: number): EthLogRecord {
  return {
    address,
    topics: [],
    data: '0x',
    blockHash: `0x${blockNumber.toString(16).padStart(64, '0')}`,
    blockNumber,
    blockTimestamp: 0n,
    transactionHash: `0x${'00'.repeat(32)}`,
    transactionIndex: 0,
    logIndex,
    removed: false,
  };
}

/** Blocks 1..`head`, block n holding n logs alternating A and B; records the heights read and the peak concurrency. */
function chain(head: bigint) {
  const reads: bigint[] = [];
  let inFlight = 0;
  let peak = 0;
  const source: BlockLogSource = async (height) => {
    reads.push(height);
    peak = Math.max(peak, ++inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight--;
    if (height < 1n || height > head) return null;
    return Array.from({ length: Number(height) }, (_, i) => log(height, i % 2 === 0 ? A : B, i));
  };
  return { source, reads, peak: () => peak };
}

const NO_CAP = { maxBlockRange: 10_000, maxResults: 10_000 };

describe(scanLogs.name, () => {
  it('default: the matching logs of every block, in block and log order', async () => {
    const { source } = chain(10n);
    const logs = await scanLogs({ from: 2n, to: 4n }, { addresses: [A] }, NO_CAP, source);
    expect(logs.map((l) => [l.blockNumber, l.logIndex])).toEqual([
      [2n, 0],
      [3n, 0],
      [3n, 2],
      [4n, 0],
      [4n, 2],
    ]);
  });

  it('behavior: reads at most `window` blocks ahead, and each block once', async () => {
    const { source, reads, peak } = chain(100n);
    await scanLogs({ from: 1n, to: 100n }, {}, NO_CAP, source, 4);
    expect(peak()).toBeLessThanOrEqual(4);
    expect(peak()).toBeGreaterThan(1);
    expect(reads).toEqual(Array.from({ length: 100 }, (_, i) => BigInt(i + 1)));
  });

  it('behavior: block 0 has no logs rather than being missing', async () => {
    const { source } = chain(3n);
    expect(await scanLogs({ from: 0n, to: 1n }, {}, NO_CAP, source)).toHaveLength(1);
  });

  it('error: past the result cap, the error names the range whose logs fit', async () => {
    const { source, reads } = chain(100n);
    // Blocks 1..4 hold 10 logs, block 5 makes 15.
    const failure = scanLogs({ from: 1n, to: 100n }, {}, { ...NO_CAP, maxResults: 12 }, source, 2);
    await expect(failure).rejects.toBeInstanceOf(LimitExceededError);
    await expect(failure).rejects.toThrow(
      'query returned more than 12 results. Try with this block range [0x1, 0x4].',
    );
    expect(reads.length).toBeLessThanOrEqual(7);
  });

  it('error: a block the engine lacks inside the range is header not found', async () => {
    const { source } = chain(3n);
    await expect(scanLogs({ from: 2n, to: 5n }, {}, NO_CAP, source)).rejects.toThrow(
      new InvalidInputError('header not found'),
    );
  });

  it('error: an engine failure fails the scan, and reads in flight are not left unhandled', async () => {
    const failing: BlockLogSource = (height) =>
      height === 2n ? Promise.reject(new Error('engine down')) : Promise.resolve([]);
    await expect(scanLogs({ from: 1n, to: 50n }, {}, NO_CAP, failing)).rejects.toThrow('engine down');
  });
});

import { LimitExceededError } from '@photon/codec';
import { MinedTxWaits } from './mined-tx-waits';

const hash = (byte: string): string => `0x${byte.repeat(32)}`;

describe(MinedTxWaits.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('default: a wait ends when a block with its hash is mined', async () => {
    const waits = new MinedTxWaits(4);
    const wait = waits.register(hash('AA'));
    const outcome = wait.until(2_000);
    waits.mined(new Set([hash('bb')]));
    waits.mined(new Set([hash('aa'), hash('cc')]));
    await expect(outcome).resolves.toBe('mined');
    wait.release();
    expect(waits.size).toBe(0);
  });

  it('behavior: a block mined between registering and sending still counts', async () => {
    const waits = new MinedTxWaits(4);
    const wait = waits.register(hash('aa'));
    waits.mined(new Set([hash('aa')]));
    await expect(wait.until(2_000)).resolves.toBe('mined');
  });

  it('behavior: the deadline ends a wait no block answered', async () => {
    const waits = new MinedTxWaits(4);
    const wait = waits.register(hash('aa'));
    const outcome = wait.until(2_000);
    jest.advanceTimersByTime(1_999);
    waits.mined(new Set([hash('bb')]));
    jest.advanceTimersByTime(1);
    await expect(outcome).resolves.toBe('timeout');
    wait.release();
    expect(waits.hashes()).toEqual(new Set());
  });

  it('error: past the cap a wait is refused with -32005, and a released slot is free again', () => {
    const waits = new MinedTxWaits(2);
    const first = waits.register(hash('aa'));
    waits.register(hash('bb'));
    expect(() => waits.register(hash('cc'))).toThrow(LimitExceededError);
    expect(() => waits.register(hash('cc'))).toThrow(/--tx-sync-max-waits/);
    first.release();
    expect(() => waits.register(hash('cc'))).not.toThrow();
  });
});

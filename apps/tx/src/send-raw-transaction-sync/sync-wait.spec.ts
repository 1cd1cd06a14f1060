import { syncWaitMs } from './sync-wait';

const SETTINGS = { defaultTimeoutMs: 2_000, maxTimeoutMs: 15_000, maxWaits: 256 };

describe(syncWaitMs.name, () => {
  it('default: no timeout, or 0, waits the default', () => {
    expect(syncWaitMs(undefined, SETTINGS)).toBe(2_000);
    expect(syncWaitMs(0n, SETTINGS)).toBe(2_000);
  });

  it('args: a timeout within the maximum is kept', () => {
    expect(syncWaitMs(1n, SETTINGS)).toBe(1);
    expect(syncWaitMs(15_000n, SETTINGS)).toBe(15_000);
  });

  it('behavior: a longer ask waits the maximum, and a default above the maximum is cut to it', () => {
    expect(syncWaitMs(2n ** 64n - 1n, SETTINGS)).toBe(15_000);
    expect(syncWaitMs(undefined, { ...SETTINGS, defaultTimeoutMs: 20_000 })).toBe(15_000);
  });
});

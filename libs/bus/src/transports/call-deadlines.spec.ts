import { ResourceUnavailableError } from '@photon/codec';
import { CallDeadlines } from './call-deadlines';

describe(CallDeadlines.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settledYet = (promise: Promise<unknown>): (() => boolean) => {
    let settled = false;
    void promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    return () => settled;
  };

  it('default: bound gives the work’s value and leaves nothing waiting', async () => {
    const deadlines = new CallDeadlines();
    await expect(deadlines.bound(Promise.resolve(7), 1_000)).resolves.toBe(7);
    expect(deadlines.waiting).toBe(0);
  });

  it('error: bound passes on what the work rejected with, as it is', async () => {
    const deadlines = new CallDeadlines();
    const thrown = new RangeError('handler failed');
    await expect(deadlines.bound(Promise.reject(thrown), 1_000)).rejects.toBe(thrown);
    expect(deadlines.waiting).toBe(0);
  });

  it('error: work slower than its timeout answers request timed out, not a moment before', async () => {
    const deadlines = new CallDeadlines();
    const bounded = deadlines.bound(new Promise<number>(() => undefined), 1_000);
    const settled = settledYet(bounded);
    jest.advanceTimersByTime(999);
    await Promise.resolve();
    expect(settled()).toBe(false);
    jest.advanceTimersByTime(1);
    const error: unknown = await bounded.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceUnavailableError);
    expect((error as ResourceUnavailableError).toErrorObject()).toEqual({
      code: -32002,
      message: 'request timed out',
    });
  });

  it('default: the calls of one timeout share one timer, however many come and go', async () => {
    const deadlines = new CallDeadlines();
    for (let i = 0; i < 1_000; i++) await deadlines.bound(Promise.resolve(i), 5_000);
    const waiting = Array.from({ length: 100 }, () => deadlines.bound(new Promise(() => undefined), 5_000));
    expect(jest.getTimerCount()).toBe(1);
    expect(deadlines.waiting).toBe(100);
    jest.advanceTimersByTime(5_000);
    await Promise.all(waiting.map((call) => expect(call).rejects.toThrow('request timed out')));
    expect(deadlines.waiting).toBe(0);
  });

  it('default: each call expires at its own deadline, in the order they began', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(1_000, () => expired.push('first'));
    jest.advanceTimersByTime(300);
    deadlines.start(1_000, () => expired.push('second'));
    jest.advanceTimersByTime(699);
    expect(expired).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(expired).toEqual(['first']);
    jest.advanceTimersByTime(299);
    expect(expired).toEqual(['first']);
    jest.advanceTimersByTime(1);
    expect(expired).toEqual(['first', 'second']);
  });

  it('default: a cancelled call never expires, the ones behind it still do, and cancel twice is harmless', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    const oldest = deadlines.start(1_000, () => expired.push('oldest'));
    jest.advanceTimersByTime(10);
    deadlines.start(1_000, () => expired.push('younger'));
    oldest.cancel();
    oldest.cancel();
    jest.advanceTimersByTime(1_000);
    expect(expired).toEqual(['younger']);
    expect(deadlines.waiting).toBe(0);
  });

  it('default: timeouts of different lengths do not wait for each other', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(5_000, () => expired.push('long'));
    deadlines.start(100, () => expired.push('short'));
    jest.advanceTimersByTime(100);
    expect(expired).toEqual(['short']);
    jest.advanceTimersByTime(4_900);
    expect(expired).toEqual(['short', 'long']);
  });

  it('edge: a call started while others expire gets its full timeout', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(1_000, () => {
      expired.push('first');
      deadlines.start(1_000, () => expired.push('retry'));
    });
    jest.advanceTimersByTime(1_000);
    expect(expired).toEqual(['first']);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(999);
    expect(expired).toEqual(['first']);
    jest.advanceTimersByTime(1);
    expect(expired).toEqual(['first', 'retry']);
  });

  it('edge: an expiry that throws does not stop the calls behind it from expiring', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(1_000, () => {
      throw new Error('a failing expiry');
    });
    deadlines.start(1_000, () => expired.push('next'));
    jest.advanceTimersByTime(1_000);
    expect(expired).toEqual(['next']);
  });

  it('default: close stops every timer and nothing expires after it', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(1_000, () => expired.push('a'));
    deadlines.start(2_000, () => expired.push('b'));
    expect(jest.getTimerCount()).toBe(2);
    deadlines.close();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(5_000);
    expect(expired).toEqual([]);
    expect(deadlines.waiting).toBe(0);
  });

  it('edge: a call that ends after close changes nothing', async () => {
    const deadlines = new CallDeadlines();
    let finish: (value: number) => void = () => undefined;
    const bounded = deadlines.bound(new Promise<number>((resolve) => (finish = resolve)), 1_000);
    deadlines.close();
    finish(5);
    await expect(bounded).resolves.toBe(5);
    expect(deadlines.waiting).toBe(0);
    expect(deadlines.held).toBe(0);
    deadlines.start(1_000, () => undefined);
    expect(deadlines.waiting).toBe(1);
  });

  it('default: a line whose calls all ended lets its timer go and starts a new one for the next call', () => {
    const deadlines = new CallDeadlines();
    const expired: string[] = [];
    deadlines.start(1_000, () => expired.push('a')).cancel();
    jest.advanceTimersByTime(1_000);
    expect(jest.getTimerCount()).toBe(0);
    deadlines.start(1_000, () => expired.push('b'));
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(1_000);
    expect(expired).toEqual(['b']);
  });

  it('edge: calls that end behind a slow one are held until it ends, then all dropped', () => {
    const deadlines = new CallDeadlines();
    const slow = deadlines.start(60_000, () => undefined);
    for (let i = 0; i < 5_000; i++) deadlines.start(60_000, () => undefined).cancel();
    expect(deadlines.waiting).toBe(1);
    expect(deadlines.held).toBe(5_001);
    slow.cancel();
    expect(deadlines.waiting).toBe(0);
    expect(deadlines.held).toBe(0);
  });

  it('default: calls ending in the order they began are dropped at once', () => {
    const deadlines = new CallDeadlines();
    for (let i = 0; i < 5_000; i++) deadlines.start(60_000, () => undefined).cancel();
    expect(deadlines.held).toBe(0);
  });
});

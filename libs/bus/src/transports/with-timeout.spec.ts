import { ResourceUnavailableError } from '@photon/codec';
import { withTimeout } from './with-timeout';

describe(withTimeout.name, () => {
  afterEach(() => jest.useRealTimers());

  it('default: the work’s value, with its timer cleared', async () => {
    jest.useFakeTimers();
    await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('error: what the work rejected with, as it is, with its timer cleared', async () => {
    jest.useFakeTimers();
    const thrown = new RangeError('handler failed');
    await expect(withTimeout(Promise.reject(thrown), 1_000)).rejects.toBe(thrown);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('error: work slower than the timeout answers request timed out', async () => {
    jest.useFakeTimers();
    const slow = new Promise<number>(() => undefined);
    const bounded = withTimeout(slow, 1_000);
    jest.advanceTimersByTime(999);
    let settled = false;
    void bounded.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    jest.advanceTimersByTime(1);
    const error: unknown = await bounded.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceUnavailableError);
    expect((error as ResourceUnavailableError).toErrorObject()).toEqual({
      code: -32002,
      message: 'request timed out',
    });
  });
});

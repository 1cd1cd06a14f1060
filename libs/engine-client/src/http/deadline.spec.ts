// An exchange's deadline: its listener runs once when the time is up, never after the exchange ended or
// its post stopped listening; a retry's listener replaces the first post's.
import { Deadline } from './deadline';

describe(Deadline.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('default: passes when its time is up and runs the listener once', () => {
    const deadline = new Deadline(100);
    const listener = jest.fn();
    deadline.onPass(listener);
    jest.advanceTimersByTime(99);
    expect(deadline.passed).toBe(false);
    expect(listener).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(deadline.passed).toBe(true);
    jest.advanceTimersByTime(1_000);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('an exchange that ended leaves no timer armed and its listener is never run', () => {
    const deadline = new Deadline(100);
    const listener = jest.fn();
    deadline.onPass(listener);
    deadline.end();
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1_000);
    expect(deadline.passed).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('a post that stopped listening is not called; a retry’s listener replaces the first', () => {
    const deadline = new Deadline(100);
    const first = jest.fn();
    const offFirst = deadline.onPass(first);
    offFirst();
    const retry = jest.fn();
    deadline.onPass(retry);
    offFirst(); // the first post's late `off` does not remove the retry's listener
    jest.advanceTimersByTime(100);
    expect(first).not.toHaveBeenCalled();
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

// Rounds run one at a time; a burst of wakes during a round costs exactly one more; stop waits for the
// round in progress and starts none after it.
import { SerialRounds } from './serial-rounds';

describe('SerialRounds', () => {
  const gate = () => {
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { opened, open };
  };

  it('default: wakes during a round make one more round after it', async () => {
    let runs = 0;
    let current = gate();
    const rounds = new SerialRounds(async () => {
      runs += 1;
      await current.opened;
    }, jest.fn());
    rounds.wake();
    rounds.wake();
    rounds.wake();
    expect(runs).toBe(1);
    const first = current;
    current = gate();
    first.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toBe(2);
    current.open();
    await rounds.stop();
    expect(runs).toBe(2);
  });

  it('behavior: runAgain from inside a round asks for one more; a failing round goes to onError', async () => {
    const problems: unknown[] = [];
    let runs = 0;
    const rounds = new SerialRounds(
      () => {
        runs += 1;
        if (runs === 1) rounds.runAgain();
        return runs === 2 ? Promise.reject(new Error('engine down')) : Promise.resolve();
      },
      (error) => problems.push(error),
    );
    rounds.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toBe(2);
    expect(problems).toEqual([new Error('engine down')]);
  });

  it('behavior: after stop no round starts', async () => {
    const round = jest.fn(() => Promise.resolve());
    const rounds = new SerialRounds(round, jest.fn());
    await rounds.stop();
    rounds.wake();
    expect(round).not.toHaveBeenCalled();
  });
});

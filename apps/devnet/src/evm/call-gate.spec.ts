// The gate: at most `size` tasks at once, the rest in arrival order, a failing task still makes room.
import { CallGate } from './call-gate';

/** A task that runs until released, recording its start. */
function held(started: number[], id: number): { task: () => Promise<number>; release: () => void } {
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started.push(id);
      await done;
      return id;
    },
    release: () => release(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe(CallGate.name, () => {
  it('default: tasks under the size run at once', async () => {
    const gate = new CallGate(2);
    const started: number[] = [];
    const [a, b] = [held(started, 1), held(started, 2)];
    const runs = [gate.run(a.task), gate.run(b.task)];
    await settle();
    expect(started).toEqual([1, 2]);
    a.release();
    b.release();
    expect(await Promise.all(runs)).toEqual([1, 2]);
  });

  it('behavior: past the size tasks wait, and start in arrival order as places free up', async () => {
    const gate = new CallGate(1);
    const started: number[] = [];
    const tasks = [1, 2, 3].map((id) => held(started, id));
    const runs = tasks.map((t) => gate.run(t.task));
    await settle();
    expect(started).toEqual([1]);
    expect(gate.waitingCount).toBe(2);
    tasks[0]!.release();
    await settle();
    expect(started).toEqual([1, 2]);
    tasks[1]!.release();
    tasks[2]!.release();
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(gate.waitingCount).toBe(0);
  });

  it('error: a failing task frees its place', async () => {
    const gate = new CallGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });
});

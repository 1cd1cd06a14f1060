import { LimitExceededError } from '@photon/codec';
import { TraceGate } from './trace-gate';

/** A task that finishes when `release` is called. */
function held(): { task: () => Promise<string>; release: () => void; started: () => boolean } {
  let release: () => void = () => undefined;
  let started = false;
  const done = new Promise<void>((resolve) => (release = resolve));
  return {
    task: async () => {
      started = true;
      await done;
      return 'done';
    },
    release: () => release(),
    started: () => started,
  };
}

describe(TraceGate.name, () => {
  it('default: runs up to the limit at once, queues as many more, refuses past that', async () => {
    const gate = new TraceGate(2);
    const tasks = [held(), held(), held(), held()];
    const runs = tasks.map((t) => gate.run(t.task));
    await Promise.resolve();
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    await expect(gate.run(() => Promise.resolve('late'))).rejects.toThrow(
      new LimitExceededError('too many traces in flight (--max-traces-in-flight 2)'),
    );
    tasks[0]!.release();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks[2]!.started()).toBe(true);
    expect(gate.inFlight).toBe(2);
    for (const t of tasks) t.release();
    await expect(Promise.all(runs)).resolves.toEqual(['done', 'done', 'done', 'done']);
    expect(gate.inFlight).toBe(0);
  });

  it('behavior: a failed task frees its slot', async () => {
    const gate = new TraceGate(1);
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
    expect(gate.inFlight).toBe(0);
  });
});

// The pool of query VMs: one call per machine at a time, machines reused per state root, few roots kept,
// a machine whose call failed outside the EVM's outcomes never reused.
import type { QueryMachine } from './call';
import { EvmCallError, EvmTimeoutError } from './errors';
import { QueryMachines } from './query-machines';
import type { BlockRecord } from './types';

const recordAt = (root: number): BlockRecord =>
  ({ height: root, stateRoot: new Uint8Array([root]) }) as unknown as BlockRecord;

describe('QueryMachines', () => {
  let made: number;
  let machines: QueryMachines;

  beforeEach(() => {
    made = 0;
    machines = new QueryMachines(
      () => {
        made += 1;
        return Promise.resolve({
          clock: { deadline: undefined },
          state: { settled: true },
        } as unknown as QueryMachine);
      },
      { roots: 2, perRoot: 2, running: 3 },
    );
  });

  it('default: calls one after another at one root share one machine', async () => {
    const used: QueryMachine[] = [];
    for (let i = 0; i < 3; i++)
      await machines.use(recordAt(1), (machine) => Promise.resolve(used.push(machine)));
    expect(made).toBe(1);
    expect(new Set(used).size).toBe(1);
  });

  it('behavior: concurrent calls each get their own machine; at most perRoot are kept', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = Array.from({ length: 3 }, () => machines.use(recordAt(1), () => gate));
    await Promise.resolve();
    release();
    await Promise.all(calls);
    expect(made).toBe(3);
    expect(machines.idleCount).toBe(2);
  });

  it('behavior: the least recently used root is dropped past the limit', async () => {
    for (const root of [1, 2, 3]) await machines.use(recordAt(root), () => Promise.resolve());
    await machines.use(recordAt(1), () => Promise.resolve());
    expect(made).toBe(4);
    await machines.use(recordAt(3), () => Promise.resolve());
    expect(made).toBe(4);
  });

  it('error: an EVM refusal keeps the machine; any other failure drops it', async () => {
    await expect(
      machines.use(recordAt(1), () => Promise.reject(new EvmCallError('intrinsic gas too low'))),
    ).rejects.toThrow(EvmCallError);
    await machines.use(recordAt(1), () => Promise.resolve());
    expect(made).toBe(1);
    await expect(machines.use(recordAt(1), () => Promise.reject(new Error('trie broke')))).rejects.toThrow(
      'trie broke',
    );
    await machines.use(recordAt(1), () => Promise.resolve());
    expect(made).toBe(2);
  });

  it('error: a machine whose call left a checkpoint open (cut off mid-execution) is dropped', async () => {
    const leave = (machine: QueryMachine) => {
      (machine.state as { settled: boolean }).settled = false;
      return Promise.reject(new EvmTimeoutError(5000));
    };
    await expect(machines.use(recordAt(1), leave)).rejects.toThrow(EvmTimeoutError);
    expect(machines.idleCount).toBe(0);
    await machines.use(recordAt(1), () => Promise.resolve());
    expect(made).toBe(2);
  });

  it('behavior: past `running` calls at once, a call waits and then uses a machine a finished call gave back', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const calls = Array.from({ length: 5 }, (_, i) =>
      machines.use(recordAt(1), async () => {
        started += 1;
        if (i < 3) await gate;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(3);
    release();
    await Promise.all(calls);
    expect(started).toBe(5);
    expect(made).toBe(3);
  });
});
